import Testing
@testable import PaymentsCore

struct ChargeSimulatorTests {
    private let amount = Money(minorUnits: 1_999, currency: .usd)

    private func charge(_ number: String, _ context: ChargeContext, challenge: ThreeDSecureOutcome? = nil,
                        seed: UInt64 = 11) throws -> ChargeOutcome {
        var generator = CardsTestGenerator(seed: seed)
        return try ChargeSimulator.charge(behaviour: CardsTestSupport.token(number).behaviour, amount: amount,
                                          context: context, challengeOutcome: challenge, using: &generator)
    }

    @Test(arguments: ChargeContext.allCases)
    func successCardSucceedsWithAChargeID(context: ChargeContext) throws {
        guard case let .succeeded(chargeID) = try charge("4242424242424242", context) else {
            Issue.record("expected success")
            return
        }
        #expect(chargeID.hasPrefix("ch_"))
        #expect(chargeID.count == 27)
    }

    @Test func chargeIDsAreDeterministicPerSeedAndDifferPerCall() throws {
        var generator = CardsTestGenerator(seed: 3)
        let first = try ChargeSimulator.charge(behaviour: .succeeds, amount: amount, context: .firstPaymentOnSession,
                                               using: &generator)
        let second = try ChargeSimulator.charge(behaviour: .succeeds, amount: amount, context: .offSessionRenewal,
                                                using: &generator)
        #expect(first != second)
        var replay = CardsTestGenerator(seed: 3)
        #expect(try ChargeSimulator.charge(behaviour: .succeeds, amount: amount, context: .firstPaymentOnSession,
                                           using: &replay) == first)
    }

    @Test func threeDSecureCardAsksForAChallengeOnSession() throws {
        #expect(try charge("4000002500003155", .firstPaymentOnSession) == .requiresAction(.threeDSecure))
    }

    @Test func approvedChallengeSucceeds() throws {
        let outcome = try charge("4000002500003155", .firstPaymentOnSession, challenge: .approved)
        guard case let .succeeded(chargeID) = outcome else {
            Issue.record("expected success, got \(outcome)")
            return
        }
        #expect(chargeID.hasPrefix("ch_"))
    }

    @Test func failedChallengeDeclines() throws {
        let outcome = try charge("4000002500003155", .firstPaymentOnSession, challenge: .failed)
        #expect(outcome == .declined(.authenticationFailed))
        #expect(DeclineCode.authenticationFailed.stripeErrorCode == "payment_intent_authentication_failure")
    }

    @Test func setUpThreeDSecureCardRenewsOffSessionWithoutAChallenge() throws {
        guard case .succeeded = try charge("4000002500003155", .offSessionRenewal) else {
            Issue.record("expected the off-session renewal to succeed")
            return
        }
    }

    @Test func alwaysAuthenticateCardDeclinesOffSessionRenewals() throws {
        #expect(try charge("4000002760003184", .offSessionRenewal) == .declined(.authenticationRequired))
        #expect(try charge("4000002760003184", .firstPaymentOnSession) == .requiresAction(.threeDSecure))
        guard case .succeeded = try charge("4000002760003184", .firstPaymentOnSession, challenge: .approved) else {
            Issue.record("expected the approved payment to succeed")
            return
        }
    }

    @Test(arguments: ChargeContext.allCases)
    func attachesButChargesFailCardDeclinesFirstPaymentsAndRenewals(context: ChargeContext) throws {
        let outcome = try charge("4000000000000341", context)
        #expect(outcome == .declined(.genericDecline))
        #expect(DeclineCode.genericDecline.stripeErrorCode == "card_declined")
    }

    @Test func challengeOutcomeCannotRescueADeclinedCard() throws {
        #expect(try charge("4000000000009995", .firstPaymentOnSession, challenge: .approved)
            == .declined(.insufficientFunds))
    }

    @Test func challengeOutcomeIsIgnoredOffSession() throws {
        #expect(try charge("4000002760003184", .offSessionRenewal, challenge: .approved)
            == .declined(.authenticationRequired))
    }

    @Test func generatorAdvancesOnlyOnSuccess() throws {
        var generator = CardsTestGenerator(seed: 8)
        _ = try ChargeSimulator.charge(behaviour: .declines(.genericDecline), amount: amount,
                                       context: .firstPaymentOnSession, using: &generator)
        var untouched = CardsTestGenerator(seed: 8)
        #expect(generator.next() == untouched.next())
    }

    @Test(arguments: [Int64(0), -1])
    func refusesNonPositiveAmounts(minorUnits: Int64) {
        var generator = CardsTestGenerator(seed: 1)
        let zero = Money(minorUnits: minorUnits, currency: .usd)
        #expect(throws: ChargeSimulatorError.nonPositiveAmount(zero)) {
            try ChargeSimulator.charge(behaviour: .succeeds, amount: zero, context: .firstPaymentOnSession,
                                       using: &generator)
        }
    }
}
