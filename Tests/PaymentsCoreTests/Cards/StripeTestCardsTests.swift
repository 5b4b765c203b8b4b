import Testing
@testable import PaymentsCore

/// Every card on Stripe's testing page, checked row by row against the transcription in
/// `StripeTestingPageFixture`: brand, country, funding and what an on-session payment does.
struct StripeTestCardsTests {
    @Test func theTableHoldsExactlyThePagesCards() {
        let page = StripeTestingPageFixture.rows.map(\.number)
        #expect(page.count == 126)
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
        let token = try tokenWithPostalCode(number)
        #expect(token.brand == CardBrand(rawValue: expected.brand))
        let amount = Money(minorUnits: 999, currency: .usd)
        var generator = CardsTestGenerator(seed: 3)
        let first = try ChargeSimulator.charge(behaviour: token.behaviour, amount: amount,
                                               context: .firstPaymentOnSession, using: &generator)
        let parts = expected.outcome.split(separator: ":").map(String.init)
        switch parts[0] {
        case "ok":
            guard case .succeeded = first else { Issue.record("\(number): \(first)"); return }
        case "decline":
            let code = try #require(DeclineCode(rawValue: parts[1]))
            #expect(first == .declined(code))
        case "3ds", "3ds-decline":
            #expect(first == .requiresAction(.threeDSecure))
            let answered = try ChargeSimulator.charge(behaviour: token.behaviour, amount: amount,
                                                      context: .firstPaymentOnSession, challengeOutcome: .approved,
                                                      using: &generator)
            if parts[0] == "3ds" {
                guard case .succeeded = answered else { Issue.record("\(number): \(answered)"); return }
            } else {
                let code = try #require(DeclineCode(rawValue: parts[1]))
                #expect(answered == .declined(code))
            }
            let failed = try ChargeSimulator.charge(behaviour: token.behaviour, amount: amount,
                                                    context: .firstPaymentOnSession, challengeOutcome: .failed,
                                                    using: &generator)
            #expect(failed == .declined(.authenticationFailed))
        default:
            Issue.record("unknown outcome \(expected.outcome)")
        }
    }

    @Test func americanExpressNeedsAFourDigitSecurityCode() throws {
        let tokenizer = CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)
        #expect(throws: CardValidationErrors(cvc: .incomplete)) {
            var generator = CardsTestGenerator(seed: 1)
            return try tokenizer.tokenize(CardsTestSupport.details("378282246310005", cvc: "123"),
                                          now: CardsTestSupport.today(), using: &generator)
        }
        var generator = CardsTestGenerator(seed: 1)
        let token = try tokenizer.tokenize(CardsTestSupport.details("378282246310005", cvc: "1234"),
                                           now: CardsTestSupport.today(), using: &generator)
        #expect(token.behaviour == .succeeds)
    }

    @Test func postalCodeCheckOnlyFailsWhenAPostalCodeIsEntered() throws {
        for number in ["4000000000000036", "4000000000000010"] {
            #expect(try CardsTestSupport.token(number).behaviour == .succeeds)
            #expect(try tokenWithPostalCode(number).behaviour == .declines(.incorrectZip))
        }
        #expect(DeclineCode.incorrectZip.stripeErrorCode == "incorrect_zip")
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

    @Test func coBrandedCardsNameTheirDomesticNetwork() {
        let coBrands = TestCardTable.all.compactMap { card in card.coBrand.map { (card.number, $0) } }
        #expect(coBrands.map(\.1) == ["BCcard and DinaCard", "Cartes Bancaires", "Cartes Bancaires",
                                      "eftpos Australia", "eftpos Australia"])
    }

    @Test func velocityLimitCardIsRefusedOnAttachAndOffSession() throws {
        let token = try CardsTestSupport.token("4000000000006975")
        #expect(token.behaviour.declineOnAttach == .cardVelocityExceeded)
        var generator = CardsTestGenerator(seed: 2)
        #expect(try ChargeSimulator.charge(behaviour: token.behaviour, amount: Money(minorUnits: 500, currency: .usd),
                                           context: .offSessionRenewal, using: &generator) == .declined(.cardVelocityExceeded))
        #expect(DeclineCode.cardVelocityExceeded.stripeErrorCode == "card_declined")
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
        let token = try CardsTestSupport.token(number)
        var generator = CardsTestGenerator(seed: 4)
        let outcome = try ChargeSimulator.charge(behaviour: token.behaviour, amount: Money(minorUnits: 999, currency: .usd),
                                                 context: .offSessionRenewal, using: &generator)
        #expect(ChargeOutcomeKind(outcome) == expected)
    }

    enum ChargeOutcomeKind: Equatable, Sendable {
        case succeeded
        case requiresAction
        case declined(DeclineCode)

        init(_ outcome: ChargeOutcome) {
            switch outcome {
            case .succeeded: self = .succeeded
            case .requiresAction: self = .requiresAction
            case let .declined(code): self = .declined(code)
            }
        }
    }

    private func tokenWithPostalCode(_ number: String) throws -> CardToken {
        let plain = CardsTestSupport.details(number)
        let brand = CardBrand.detect(fromPartialNumber: number)
        let details = CardDetails(number: number, expiry: plain.expiry, cvc: String(repeating: "4", count: brand.cvcLength),
                                  postalCode: "94107")
        var generator = CardsTestGenerator(seed: 1)
        return try CardTokenizer(fingerprintKey: CardsTestSupport.fingerprintKey)
            .tokenize(details, now: CardsTestSupport.today(), using: &generator)
    }
}
