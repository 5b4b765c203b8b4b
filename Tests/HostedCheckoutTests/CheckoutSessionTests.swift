import Foundation
import GRDB
import HostedCheckout
import PaymentsCore
import Testing

/// Sessions in the core, without a browser: expiry on the store clock and idempotent payment.
@Suite struct CheckoutSessionTests {
    private func session(_ fixture: HostedCheckoutFixture, lifetime: TimeInterval = NewCheckoutSession.defaultLifetime)
        async throws -> CheckoutSession {
        var generator = fixture.random
        return try await fixture.provider.createCheckoutSession(NewCheckoutSession(
            accountID: fixture.account.id, productID: "themes", successURL: "http://127.0.0.1:9/return",
            cancelURL: "http://127.0.0.1:9/cancel", state: "abc", lifetime: lifetime), using: &generator)
    }

    private func pay(_ fixture: HostedCheckoutFixture, _ id: String, _ number: String = "4242424242424242")
        async throws -> CheckoutPaymentResult {
        try await fixture.provider.payCheckoutSession(
            id, card: CardDetails(number: number, expiryMonth: 12, expiryYear: 2034, cvc: "123"))
    }

    /// Leaves the session as a provider killed mid-charge would: its first charge claimed (a card
    /// saved, attempt 1) and taken by the store under the claim's key, but not recorded.
    private func chargeClaimedBeforeACrash(_ fixture: HostedCheckoutFixture, sessionID: String)
        async throws -> PurchaseReceipt? {
        let card = try await fixture.service.addCard(accountID: fixture.account.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 12, expiryYear: 2034, cvc: "123"), makeDefault: false)
        let database = try DatabaseQueue(path: DataDirectory(url: fixture.directory).databaseURL.path)
        try await database.write { db in
            try db.execute(sql: "UPDATE checkout_sessions SET attempts = 1, purchase_method_id = ? WHERE id = ?",
                           arguments: [card.id, sessionID])
        }
        guard case let .purchased(charged) = try await fixture.service.purchase(PurchaseRequest(
            accountID: fixture.account.id, productID: "themes", paymentMethodID: card.id,
            idempotencyKey: "\(sessionID):1")) else { return nil }
        return charged
    }

    @Test func sessionIdsAreRandomAndSessionsExpireOnTheStoreClock() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let first = try await session(fixture, lifetime: 3_600)
        let second = try await session(fixture)
        #expect(first.id.hasPrefix("cks_"))
        #expect(first.id.count == 28)
        #expect(first.id != second.id)
        #expect(first.expiresAt == HostedCheckoutFixture.start + 3_600)
        #expect(second.expiresAt == HostedCheckoutFixture.start + 86_400)

        fixture.clock.advance(by: 3_599)
        #expect(try await fixture.provider.checkoutSession(first.id).status == .open)
        fixture.clock.advance(by: 1)
        #expect(try await fixture.provider.checkoutSession(first.id).status == .expired)
        guard case .expired = try await pay(fixture, first.id) else {
            Issue.record("an expired session must not be paid")
            return
        }
        #expect(try await fixture.provider.checkoutSession(second.id).status == .open)
        await fixture.server.stop()
    }

    @Test func sessionsOfAnAccountOnATestClockExpireOnThatClock() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let clock = try await fixture.service.createTestClock(name: "qa", frozenAt: HostedCheckoutFixture.start)
        _ = try await fixture.service.attach(accountID: fixture.account.id, toTestClock: clock.id)
        let created = try await session(fixture, lifetime: 60)
        fixture.clock.advance(by: 3_600)  // real time moves; the account's clock does not
        #expect(try await fixture.provider.checkoutSession(created.id).status == .open)
        _ = try await fixture.service.advanceTestClock(clock.id, to: HostedCheckoutFixture.start + 60)
        #expect(try await fixture.provider.checkoutSession(created.id).status == .expired)
        await fixture.server.stop()
    }

    @Test func aSecondSubmitNeverChargesTwice() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let created = try await session(fixture)
        async let first = pay(fixture, created.id)
        async let second = pay(fixture, created.id)
        let results = try await [first, second]
        let paymentIDs = results.map(\.session.paymentID)
        #expect(paymentIDs[0] != nil)
        #expect(paymentIDs[0] == paymentIDs[1])
        let invoices = try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items
        #expect(invoices.count == 1)
        #expect(try await fixture.provider.webhookDeliveries().count == 1)
        #expect(try await fixture.service.checkInvariants().isEmpty)
        await fixture.server.stop()
    }

    /// The provider claims a charge in its session row before it asks the store, so a submit
    /// after a crash that came between the store's charge and the provider's record replays the
    /// same request under the same key: the store answers with the first charge, nothing is
    /// charged or saved again, and the session is paid with that charge.
    @Test func aSubmitAfterACrashReplaysTheChargeInFlight() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let created = try await session(fixture)
        guard let charged = try await chargeClaimedBeforeACrash(fixture, sessionID: created.id) else {
            Issue.record("the store did not charge the claimed request")
            return
        }
        guard case let .paid(paid) = try await pay(fixture, created.id, "5555555555554444") else {
            Issue.record("the replayed charge did not pay the session")
            return
        }
        #expect(paid.paymentID == charged.invoice.id)
        #expect(try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items.count == 1)
        #expect(try await fixture.service.paymentMethods(accountID: fixture.account.id).map(\.last4) == ["4242"])
        #expect(try await fixture.provider.webhookDeliveries().map(\.eventType) == [.paymentSucceeded])
        #expect(try await fixture.service.checkInvariants().isEmpty)
        await fixture.server.stop()
    }

    /// A charge claimed and taken just before a crash is finished even when the customer comes
    /// back after the session expired: the money was taken, so the session is paid with it.
    @Test func aChargeInFlightIsFinishedEvenAfterTheSessionExpires() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let created = try await session(fixture, lifetime: 60)
        guard let charged = try await chargeClaimedBeforeACrash(fixture, sessionID: created.id) else {
            Issue.record("the store did not charge the claimed request")
            return
        }
        fixture.clock.advance(by: 120)
        guard case let .paid(paid) = try await pay(fixture, created.id) else {
            Issue.record("the charge the store took was not finished")
            return
        }
        #expect(paid.paymentID == charged.invoice.id)
        #expect(try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items.count == 1)
        await fixture.server.stop()
    }

    /// A crash between the store's answer to the 3-D Secure challenge and the provider's record
    /// of it: the customer's answer, sent again, gets the store's first outcome, and the session
    /// is paid once.
    @Test func aChallengeAnsweredAgainAfterACrashPaysOnce() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let created = try await session(fixture)
        guard case .requiresAction = try await pay(fixture, created.id, "4000002760003184") else {
            Issue.record("the always-authenticate card raised no challenge")
            return
        }
        let pending = try #require(try await fixture.service.pendingActions(accountID: fixture.account.id).first)
        guard case let .purchased(charged) = try await fixture.service.completeAuthentication(pendingID: pending.id,
                                                                                             approved: true) else {
            Issue.record("the store did not complete the authenticated purchase")
            return
        }
        guard case let .paid(paid) = try await fixture.provider.answerChallenge(sessionID: created.id, outcome: .approved)
        else {
            Issue.record("the answer sent again did not pay the session")
            return
        }
        #expect(paid.paymentID == charged.invoice.id)
        #expect(try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items.count == 1)
        #expect(try await fixture.provider.webhookDeliveries().map(\.eventType) == [.paymentSucceeded])
        #expect(try await fixture.service.checkInvariants().isEmpty)
        await fixture.server.stop()
    }

    @Test func invalidCardDetailsChargeNothing() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let created = try await session(fixture)
        guard case let .invalidCard(_, errors) = try await pay(fixture, created.id, "4242424242424241") else {
            Issue.record("expected a validation error")
            return
        }
        #expect(errors.number != nil)
        #expect(try await fixture.provider.webhookDeliveries().isEmpty)
        #expect(try await fixture.provider.checkoutSession(created.id).status == .open)
        await fixture.server.stop()
    }

    /// The page's 3-D Secure goes through the core, as a card typed in the terminal does: the
    /// saved card keeps what the processor said of it (this one must authenticate every time, so
    /// renewals off-session will be declined), and a failed challenge is a void invoice.
    @Test func thePagesChallengeIsTheCoresAndTheCardKeepsWhatTheProcessorSaid() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let failing = try await session(fixture)
        guard case .requiresAction = try await pay(fixture, failing.id, "4000002760003184") else {
            Issue.record("expected a challenge")
            return
        }
        guard case let .declined(_, message) = try await fixture.provider.answerChallenge(sessionID: failing.id,
                                                                                         outcome: .failed) else {
            Issue.record("a failed challenge did not decline")
            return
        }
        #expect(message == DeclineCode.authenticationFailed.message)
        let void = try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items
        #expect(void.map(\.status) == [.void])
        #expect(void.first?.failureCode == DeclineCode.authenticationFailed.stripeCode)
        #expect(try await fixture.service.paymentMethods(accountID: fixture.account.id).isEmpty)

        let paying = try await session(fixture)
        _ = try await pay(fixture, paying.id, "4000002760003184")
        guard case .paid = try await fixture.provider.answerChallenge(sessionID: paying.id, outcome: .approved) else {
            Issue.record("an approved challenge did not pay")
            return
        }
        let card = try #require(try await fixture.service.paymentMethods(accountID: fixture.account.id).first)
        #expect(card.behaviour == .requiresAuthentication(offSessionSucceeds: false))
        #expect(card.brand == "Visa")
        #expect(try await fixture.service.checkInvariants().isEmpty)
        await fixture.server.stop()
    }

    @Test func unsafeRedirectURLsAreRefused() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        await #expect(throws: HostedCheckoutError.self) {
            var generator = fixture.random
            _ = try await fixture.provider.createCheckoutSession(NewCheckoutSession(
                accountID: fixture.account.id, productID: "themes", successURL: "http://127.0.0.1:9/same",
                cancelURL: "http://127.0.0.1:9/same", state: "abc"), using: &generator)
        }
        await fixture.server.stop()
    }
}
