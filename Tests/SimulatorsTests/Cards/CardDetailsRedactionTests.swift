import Testing
import PaymentsCore
@testable import Simulators

struct CardDetailsRedactionTests {
    static let cards: [(number: String, cvc: String)] = [
        ("4242424242424242", "123"), ("4242 4242 4242 4242", "987"), ("378282246310005", "7391"),
        ("5555-5555-5555-4444", "555"),
    ]

    private func renderings(of value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped]
    }

    @Test(arguments: cards)
    func cardDetailsNeverShowNumberOrSecurityCode(number: String, cvc: String) {
        let details = CardDetails(number: number, expiryMonth: 12, expiryYear: 2030, cvc: cvc,
                                  cardholderName: "Ada Lovelace", postalCode: "94107")
        let digits = number.filter(\.isNumber)
        for text in renderings(of: details) {
            #expect(!text.contains(number))
            #expect(!text.filter(\.isNumber).contains(digits))
            #expect(!text.contains(cvc))
            #expect(text.contains("•••• \(digits.suffix(4))"))
        }
    }

    @Test func descriptionNamesBrandLastFourAndMaskedCode() {
        let details = CardDetails(number: "4242424242424242", expiryMonth: 3, expiryYear: 2030, cvc: "123")
        #expect(details.description == "Visa •••• 4242, expires 03/2030, CVC •••")
        #expect(String(reflecting: details)
            == "CardDetails(brand: visa, number: •••• 4242, expiry: 03/2030, cvc: •••)")
    }

    @Test func shortInputRevealsNoDigits() {
        let details = CardDetails(number: "424242", expiryMonth: 3, expiryYear: 2030, cvc: "123")
        #expect(details.last4 == nil)
        #expect(!details.description.contains("4242"))
    }

    @Test(arguments: cards)
    func tokensNeverShowNumberOrSecurityCode(number: String, cvc: String) throws {
        var generator = SeededGenerator(seed: 7)
        let details = CardDetails(number: number, expiryMonth: 12, expiryYear: 2030, cvc: cvc)
        let token = try CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)
            .tokenize(details, now: try CardsTestSupport.today(), using: &generator)
        let digits = number.filter(\.isNumber)
        for text in renderings(of: token) {
            #expect(!text.filter(\.isNumber).contains(digits))
            #expect(!text.contains(number))
            #expect(text.contains(digits.suffix(4)))
        }
    }

    @Test func fingerprintKeyIsNeverShown() {
        let key = CardFingerprintKey(key0: 0xdead_beef, key1: 0xcafe_f00d)
        for text in renderings(of: key) {
            #expect(!text.contains(String(0xdead_beef)))
            #expect(!text.lowercased().contains("deadbeef"))
        }
    }
}
