import Foundation
import Testing
import PaymentsCore
@testable import Simulators

struct CardTokenizerTests {
    private let tokenizer = CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)

    @Test func tokenKeepsOnlyWhatAReceiptShows() throws {
        var generator = SeededGenerator(seed: 1)
        let details = CardDetails(number: "4242 4242 4242 4242", expiryMonth: 8, expiryYear: 2031, cvc: "123",
                                  cardholderName: "Ada Lovelace", postalCode: "94107")
        let token = try tokenizer.tokenize(details, now: try CardsTestSupport.today(), using: &generator)
        #expect(token.brand == .visa)
        #expect(token.last4 == "4242")
        #expect(token.expMonth == 8)
        #expect(token.expYear == 2031)
        #expect(token.behaviour == .succeeds)
        #expect(token.cardholderName == "Ada Lovelace")
        #expect(token.postalCode == "94107")
        #expect(token.description == "Visa •••• 4242, expires 08/2031 (\(token.id))")
    }

    @Test func tokenIDsAreStripeShaped() throws {
        let token = try CardsTestSupport.token("4242424242424242")
        #expect(token.id.hasPrefix("tok_"))
        let random = token.id.dropFirst(4)
        #expect(random.count == 24)
        #expect(random.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    @Test func tokenIDsDifferPerCallButRepeatForTheSameSeed() throws {
        let now = try CardsTestSupport.today()
        let details = CardsTestSupport.details("4242424242424242")
        var generator = SeededGenerator(seed: 42)
        let first = try tokenizer.tokenize(details, now: now, using: &generator)
        let second = try tokenizer.tokenize(details, now: now, using: &generator)
        #expect(first.id != second.id)

        var replay = SeededGenerator(seed: 42)
        #expect(try tokenizer.tokenize(details, now: now, using: &replay).id == first.id)
        #expect(try tokenizer.tokenize(details, now: now, using: &replay).id == second.id)

        var otherSeed = SeededGenerator(seed: 43)
        #expect(try tokenizer.tokenize(details, now: now, using: &otherSeed).id != first.id)
    }

    @Test func sameCardGetsTheSameFingerprintHoweverTyped() throws {
        let plain = try CardsTestSupport.token("4242424242424242", seed: 1)
        let spaced = try CardsTestSupport.token("4242 4242 4242 4242", seed: 2)
        let dashed = try CardsTestSupport.token("4242-4242-4242-4242", seed: 3)
        #expect(plain.id != spaced.id)
        #expect(plain.fingerprint == spaced.fingerprint)
        #expect(plain.fingerprint == dashed.fingerprint)
        #expect(plain.fingerprint.value.count == 16)
        #expect(plain.fingerprint.value.allSatisfy { $0.isHexDigit })
    }

    @Test func differentCardsGetDifferentFingerprints() throws {
        let numbers = ["4242424242424242", "4000056655665556", "5555555555554444", "4000000000000002",
                       "378282246310005"]
        let fingerprints = try numbers.map { try CardsTestSupport.token($0).fingerprint }
        #expect(Set(fingerprints).count == numbers.count)
    }

    @Test func fingerprintsDependOnTheKey() throws {
        let details = CardsTestSupport.details("4242424242424242")
        let now = try CardsTestSupport.today()
        var generator = SeededGenerator(seed: 1)
        let otherKey = CardTokenizer(fingerprintKey: CardFingerprintKey(key0: 1, key1: 2))
        let first = try tokenizer.tokenize(details, now: now, using: &generator)
        let second = try otherKey.tokenize(details, now: now, using: &generator)
        #expect(first.fingerprint != second.fingerprint)
    }

    @Test func randomKeysComeFromTheInjectedGenerator() {
        var first = SeededGenerator(seed: 9)
        var second = SeededGenerator(seed: 9)
        #expect(CardFingerprintKey(using: &first) == CardFingerprintKey(using: &second))
    }

    @Test func invalidDetailsThrowEveryFieldProblem() throws {
        var generator = SeededGenerator(seed: 1)
        let details = CardDetails(number: "4242424242424241", expiryMonth: 10, expiryYear: 2026, cvc: "12")
        let expected = CardValidationErrors(number: .incorrect, expiry: .monthInPast, cvc: .incomplete)
        let now = try CardsTestSupport.today()
        #expect(throws: expected) { try tokenizer.tokenize(details, now: now, using: &generator) }
    }

    @Test func codableRoundTripKeepsTheBehaviour() throws {
        let token = try CardsTestSupport.token("4000000000000341")
        let data = try JSONEncoder().encode(token)
        #expect(try JSONDecoder().decode(CardToken.self, from: data) == token)
        #expect(!String(decoding: data, as: UTF8.self).contains("4000000000000341"))
    }
}
