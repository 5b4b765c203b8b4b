import Testing
import PaymentsCore

struct LuhnCheckTests {
    @Test(arguments: [
        "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222",
        "378282246310005", "6011111111111117", "3056930009020004", "36227206271667",
        "3566002020360505", "6200000000000005", "4000000000000341", "4000002500003155",
        "4100000000000019", "79927398713", "00",
    ])
    func acceptsValidChecksums(number: String) {
        #expect(LuhnCheck.isValid(number))
    }

    @Test(arguments: [
        "4242424242424241", "4242424242424243", "5555555555554445", "378282246310006",
        "79927398710", "", "0", "4242 4242 4242 4242", "42424242424242a2",
    ])
    func rejectsInvalidChecksumsAndNonDigits(number: String) {
        #expect(!LuhnCheck.isValid(number))
    }

    @Test func catchesSwappedNeighbours() {
        #expect(!LuhnCheck.isValid("4242424242424224"))
    }
}
