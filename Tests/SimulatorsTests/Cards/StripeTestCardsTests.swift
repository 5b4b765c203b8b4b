import Testing
import PaymentsCore
import TestSupport
@testable import Simulators

/// Every card on Stripe's testing page, checked row by row against the transcription in
/// `StripeTestingPageFixture`: brand, country, funding and what an on-session payment does.
struct StripeTestCardsTests {
    @Test func theTableHoldsExactlyThePagesCards() {
        let page = StripeTestingPageFixture.rows.map(\.number)
        #expect(page.count == 147)
        #expect(Set(page).count == page.count)
        #expect(TestCardTable.all.map(\.number) == page)
    }

    @Test(arguments: StripeTestingPageFixture.rows.map(\.number))
    func everyCardIsDescribedAsThePageDocumentsIt(number: String) throws {
        let expected = try #require(StripeTestingPageFixture.rows.first { $0.number == number })
        let card = try #require(TestCardTable.card(forNumber: number))
        #expect(card.brand.rawValue == expected.brand)
        #expect(card.country == expected.country)
        #expect(card.funding.rawValue == expected.funding)
        #expect(LuhnCheck.isValid(number))
        #expect(CardBrand.detect(fromPartialNumber: number) == card.brand)
        #expect(card.brand.validLengths.contains(number.count))
    }

    @Test(arguments: StripeTestingPageFixture.rows.map(\.number))
    func everyCardPaysOrDeclinesAsThePageDocuments(number: String) throws {
        let expected = try #require(StripeTestingPageFixture.rows.first { $0.number == number })
        #expect(try tokenWithPostalCode(number).brand == CardBrand(rawValue: expected.brand))
        let first = try CardsTestSupport.payment(number, postalCode: "94107")
        let parts = expected.outcome.split(separator: ":").map(String.init)
        switch parts[0] {
        case "ok":
            #expect(first == .paid, "\(number)")
        case "decline":
            let code = try #require(DeclineCode(rawValue: parts[1]))
            #expect(first == .declined(code.reason))
        case "3ds", "3ds-decline":
            #expect(first == .needsAuthentication)
            let answered = try CardsTestSupport.payment(number, postalCode: "94107", authenticated: true)
            if parts[0] == "3ds" {
                #expect(answered == .paid, "\(number)")
            } else {
                let code = try #require(DeclineCode(rawValue: parts[1]))
                #expect(answered == .declined(code.reason))
            }
        default:
            Issue.record("unknown outcome \(expected.outcome)")
        }
    }

    @Test func americanExpressNeedsAFourDigitSecurityCode() throws {
        let tokenizer = CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)
        #expect(throws: CardValidationErrors(cvc: .incomplete)) {
            var generator = SeededGenerator(seed: 1)
            return try tokenizer.tokenize(CardsTestSupport.details("378282246310005", cvc: "123"),
                                          now: CardsTestSupport.today(), using: &generator)
        }
        var generator = SeededGenerator(seed: 1)
        let token = try tokenizer.tokenize(CardsTestSupport.details("378282246310005", cvc: "1234"),
                                           now: CardsTestSupport.today(), using: &generator)
        #expect(token.behaviour == .succeeds)
    }

    @Test func postalCodeCheckOnlyFailsWhenAPostalCodeIsEntered() throws {
        for number in ["4000000000000036", "4000000000000010"] {
            #expect(try CardsTestSupport.token(number).behaviour == .succeeds)
            #expect(try tokenWithPostalCode(number).behaviour == .declines(.incorrectZip))
        }
    }

    @Test func cvcCheckFailureIsBlockedBecauseTheFormAlwaysSendsACVC() throws {
        #expect(try CardsTestSupport.token("4000000000000101").behaviour == .declines(.incorrectCVC))
        #expect(TestCardTable.card(forNumber: "4000000000000101")?.checks.cvc == .fail)
    }

    @Test func riskLevelsFollowRadarsDefaultRules() throws {
        #expect(TestCardTable.card(forNumber: "4000000000009235")?.riskLevel == .elevated)
        #expect(try CardsTestSupport.token("4000000000009235").behaviour == .succeeds)
        for blocked in ["4100000000000019", "4000000000004954"] {
            #expect(TestCardTable.card(forNumber: blocked)?.riskLevel == .highest)
            #expect(try CardsTestSupport.token(blocked).behaviour == .declines(.fraudulent))
        }
        #expect(TestCardTable.card(forNumber: "4242424242424242")?.riskLevel == .normal)
    }

    /// The dispute cards added to the page since 2024: each charge succeeds, then is disputed
    /// with the reason Stripe gives that kind of dispute.
    @Test(arguments: [
        ("4000000404000038", ChargeAftermath.disputedAsFraudulent), ("4000008400000779", .disputedAsNoncompliant),
        ("5105008400000002", .disputedAsNoncompliant), ("4000000001000043", .disputedAsFraudulent),
        ("4000000404004816", .disputedAsFraudulent), ("4000000404005649", .disputedAsFraudulent),
        ("5105000300000018", .disputedAsFraudulent),
    ])
    func newerDisputeCardsAreDisputedAfterTheyPay(number: String, aftermath: ChargeAftermath) throws {
        #expect(try CardsTestSupport.token(number).behaviour == .succeedsThen(aftermath))
        #expect(try CardsTestSupport.payment(number) == .paid)
    }

    @Test func elevatedRiskCheckFailuresAreBlockedLikeTheirNormalRiskTwins() throws {
        #expect(TestCardTable.card(forNumber: "4000058400307872")?.riskLevel == .elevated)
        #expect(try CardsTestSupport.token("4000058400307872").behaviour == .declines(.incorrectCVC))
        #expect(TestCardTable.card(forNumber: "4000058400306072")?.riskLevel == .elevated)
        #expect(try CardsTestSupport.token("4000058400306072").behaviour == .succeeds)
        #expect(try tokenWithPostalCode("4000058400306072").behaviour == .declines(.incorrectZip))
    }

    @Test func coBrandedCardsNameTheirDomesticNetwork() {
        let coBrands = TestCardTable.all.compactMap { card in card.coBrand.map { (card.number, $0) } }
        #expect(coBrands.map(\.1) == ["BCcard and DinaCard", "Cartes Bancaires", "Cartes Bancaires",
                                      "eftpos Australia", "eftpos Australia", "Carnet"])
    }

    @Test func velocityLimitCardIsRefusedOnAttachAndOffSession() throws {
        let token = try CardsTestSupport.token("4000000000006975")
        #expect(token.behaviour.declineOnAttach == .cardVelocityExceeded)
        #expect(try CardsTestSupport.payment("4000000000006975", offSession: true)
            == .declined(DeclineCode.cardVelocityExceeded.reason))
    }

    /// Off-session (a renewal on a card whose first payment went through): cards that need a
    /// challenge every time are declined, cards that were set up pay.
    @Test(arguments: [
        ("4000002500003155", StripeTestCardsTests.ChargeOutcomeKind.succeeded), ("4000003800000446", .succeeded),
        ("4000002760003184", .declined(.authenticationRequired)), ("4000000000003220", .declined(.authenticationRequired)),
        ("4000008400001629", .declined(.genericDecline)), ("4000008260003178", .declined(.insufficientFunds)),
        ("4000000000003055", .succeeded), ("378282246310005", .succeeded), ("4242424242424242", .succeeded),
    ])
    func threeDSecureCardsOffSession(number: String, expected: ChargeOutcomeKind) throws {
        #expect(ChargeOutcomeKind(try CardsTestSupport.payment(number, offSession: true)) == expected)
    }

    enum ChargeOutcomeKind: Equatable, Sendable {
        case succeeded
        case requiresAction
        case declined(DeclineCode)
        case undocumentedDecline(String)

        init(_ answer: CardChargeAnswer) {
            switch answer {
            case .paid: self = .succeeded
            case .needsAuthentication: self = .requiresAction
            case let .declined(reason): self = DeclineCode(rawValue: reason.code).map { .declined($0) } ?? .undocumentedDecline(reason.code)
            }
        }
    }

    private func tokenWithPostalCode(_ number: String) throws -> CardToken {
        let plain = CardsTestSupport.details(number)
        let brand = CardBrand.detect(fromPartialNumber: number)
        let details = CardDetails(number: number, expiry: plain.expiry, cvc: String(repeating: "4", count: brand.cvcLength),
                                  postalCode: "94107")
        var generator = SeededGenerator(seed: 1)
        return try CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)
            .tokenize(details, now: CardsTestSupport.today(), using: &generator)
    }
}
