import Testing
import PaymentsCore

struct CardNumberFormatterTests {
    @Test(arguments: [
        ("", ""),
        ("4", "4"),
        ("4242", "4242"),
        ("42424", "4242 4"),
        ("4242424242", "4242 4242 42"),
        ("4242424242424242", "4242 4242 4242 4242"),
        ("4242-4242 4242x4242", "4242 4242 4242 4242"),
        ("4000000000000000003", "4000 0000 0000 0000 003"),
        ("3782", "3782"),
        ("37828224631", "3782 822463 1"),
        ("378282246310005", "3782 822463 10005"),
        ("36227206271667", "3622 720627 1667"),
        ("3056930009020004", "3056 9300 0902 0004"),
        ("3782822463100051", "3782 822463 10005 1"),
    ])
    func groupsTypedDigits(input: String, expected: String) {
        #expect(CardNumberFormatter.format(input) == expected)
    }

    @Test func usesTheGivenSeparator() {
        #expect(CardNumberFormatter.format("4242424242424242", separator: "-") == "4242-4242-4242-4242")
    }
}
