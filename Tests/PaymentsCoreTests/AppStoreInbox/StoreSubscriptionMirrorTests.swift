import Foundation
import Testing
@testable import PaymentsCore

/// A subscription the App Store bills and renews, learned only from its signed notifications: the
/// merchant books every transaction once, follows the newest notification, never renews or
/// changes the mirror itself, and never grants access past the App Store's signed expiry.
@Suite struct StoreSubscriptionMirrorTests {
    static let original = "2000000777000001"

    struct Mirror {
        let store: CoreFixture
        let apple: AppStoreSigner
        let ada: Account

        init() async throws {
            store = try await CoreFixture()
            apple = try AppStoreSigner(store)
            ada = try await store.account()
        }

        var now: Date { store.clock.now }

        @discardableResult
        func post(_ type: String, _ subtype: String? = nil, transaction: String? = nil, renewal: String? = nil,
                  signedAt: Date? = nil) async throws -> StoreNotificationOutcome {
            let period = try transaction ?? apple.period(original, of: original, product: "pro.monthly", price: 10_000,
                                                         owner: ada.id, start: CoreFixture.start, days: 30)
            return try await store.service.receiveStoreNotification(signedPayload: try apple.notification(
                type, subtype, transaction: period, renewal: renewal, signedAt: signedAt))
        }

        func subscription() async throws -> Subscription { try await store.subscription(ada) }

        func entitled() async throws -> Bool {
            try await store.service.entitlements(accountID: ada.id).contains { $0.id == "premium" }
        }

        func invoices() async throws -> [Invoice] {
            try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
        }

        func events() async throws -> [StoreEventType] {
            try await store.service.events(accountID: ada.id, after: nil, limit: 100).map(\.type)
        }

        var original: String { StoreSubscriptionMirrorTests.original }
    }

    @Test func aFreeTrialTheStoreNeverSawIsMirroredAndItsRenewalBooked() async throws {
        let m = try await Mirror()
        let trial = try m.apple.period(Self.original, of: Self.original, product: "pro.monthly", price: 0, owner: m.ada.id,
                                       start: m.now, days: 7, offer: .introductory)
        #expect(try await m.post("SUBSCRIBED", "INITIAL_BUY", transaction: trial) == .recorded)

        let mirrored = try await m.subscription()
        #expect(mirrored.productID == "pro.monthly" && mirrored.state == .subscribed && mirrored.periodType == .trial)
        #expect(mirrored.currentPeriodEnd == m.now.addingTimeInterval(7 * 86_400))
        #expect(try await m.entitled())
        #expect(try await !m.store.service.isEligibleForIntroOffer(accountID: m.ada.id), "the App Store's trial counts")
        let first = try #require(try await m.invoices().first)
        #expect(first.kind == .subscriptionCreate && first.status == .paid && first.total.minorUnits == 0)
        #expect(first.paymentMethod?.brand == "Store account")
        #expect(try await m.events().suffix(3) == [.trialStarted, .subscriptionStarted, .purchaseCompleted])

        // The App Store renews it, not the merchant: past the signed expiry with no word from the
        // App Store, nothing is charged and access ends.
        try await m.store.advance(days: 8)
        #expect(try await m.invoices().count == 1)
        #expect(try await !m.entitled())
        let info = try await m.store.service.customerInfo(accountID: m.ada.id)
        #expect(info.entitlements.active.isEmpty && info.activeSubscriptions.isEmpty, "every read agrees")
        let restored = try await m.store.service.restorePurchases(accountID: m.ada.id, includeInactive: true)
        #expect(restored.subscriptions.map(\.hasAccess) == [false])
        #expect(try await m.store.invariants() == [])

        let renewal = try m.apple.period("2000000777000002", of: Self.original, product: "pro.monthly", price: 10_000,
                                         owner: m.ada.id, start: CoreFixture.start.addingTimeInterval(7 * 86_400), days: 30,
                                         firstBought: CoreFixture.start)
        #expect(try await m.post("DID_RENEW", transaction: renewal) == .recorded)
        let renewed = try await m.subscription()
        #expect(renewed.id == mirrored.id && renewed.periodType == .normal && renewed.periodAmountPaid.minorUnits == 1_000)
        #expect(try await m.entitled())
        let booked = try #require(try await m.invoices().first)
        #expect(booked.kind == .renewal && booked.total.minorUnits == 1_000 && booked.subscriptionID == mirrored.id)
        #expect(try await m.events().suffix(2) == [.renewed, .trialConverted])
        let tokens = try await m.store.service.allTransactions(accountID: m.ada.id).map { try $0.transaction.jws }
        #expect(Set(tokens) == [trial, renewal], "the App Store's tokens, kept as they came")
        #expect(try await m.store.invariants() == [])
    }

    @Test func theMerchantRefusesToChangeOrRefundWhatTheAppStoreBills() async throws {
        let m = try await Mirror()
        try await m.post("SUBSCRIBED", "INITIAL_BUY")
        let subscription = try await m.subscription()
        let invoice = try #require(try await m.invoices().first)
        let refused = PaymentsError.billedByAppStore(subscriptionID: subscription.id, accountID: subscription.accountID,
                                                    originalTransactionID: Self.original)
        await #expect(throws: refused) { try await m.store.service.cancelAtPeriodEnd(subscriptionID: subscription.id, reason: nil) }
        await #expect(throws: refused) {
            try await m.store.service.changePlan(PlanChangeRequest(subscriptionID: subscription.id, toProductID: "max.monthly"))
        }
        await #expect(throws: PaymentsError.soldByAppStore(transactionID: Self.original)) {
            try await m.store.service.refund(invoiceID: invoice.id, idempotencyKey: nil)
        }
        await #expect(throws: refused) { try await m.store.service.forceRenewal(subscriptionID: subscription.id) }
        #expect(try await m.subscription() == subscription)
        #expect(try await m.invoices().count == 1)
    }

    @Test func aBillingProblemFollowsTheAppStoreThroughGraceAndRetryToTheEnd() async throws {
        let m = try await Mirror()
        try await m.post("SUBSCRIBED", "INITIAL_BUY")
        m.store.moveClock(days: 30)
        let graceEnds = m.now.addingTimeInterval(16 * 86_400)
        let renewal = try m.apple.renewalInfo(of: Self.original, product: "pro.monthly", graceEnds: graceEnds)
        #expect(try await m.post("DID_FAIL_TO_RENEW", "GRACE_PERIOD", renewal: renewal) == .recorded)
        #expect(try await m.subscription().state == .inGracePeriod)
        #expect(try await m.subscription().gracePeriodEndsAt == graceEnds)
        #expect(try await m.entitled(), "access lasts through the grace period")

        m.store.moveClock(days: 16)
        #expect(try await !m.entitled(), "and not a moment past it, even before the App Store says so")
        #expect(try await m.post("GRACE_PERIOD_EXPIRED") == .recorded)
        #expect(try await m.subscription().state == .inBillingRetryPeriod)
        #expect(try await m.post("EXPIRED", "BILLING_RETRY") == .recorded)
        let ended = try await m.subscription()
        #expect(ended.state == .expired && ended.expirationReason == .billingError && !ended.willAutoRenew)
        #expect(try await m.events().suffix(4) == [.renewalFailed, .gracePeriodStarted, .billingRetryStarted, .expired])
        #expect(try await m.post("EXPIRED", "BILLING_RETRY") == .alreadyKnown)
        #expect(try await m.store.invariants() == [])
    }

    @Test func renewalChoicesAreMirroredAndADowngradeTakesEffectWithItsTransaction() async throws {
        let m = try await Mirror()
        let max = try m.apple.period(Self.original, of: Self.original, product: "max.monthly", price: 30_000, owner: m.ada.id,
                                     start: m.now, days: 30)
        try await m.post("SUBSCRIBED", "INITIAL_BUY", transaction: max)
        #expect(try await m.post("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", transaction: max) == .recorded)
        #expect(try await !m.subscription().willAutoRenew)
        #expect(try await m.post("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED", transaction: max) == .recorded)
        #expect(try await m.subscription().willAutoRenew)

        let downgrade = try m.apple.renewalInfo(of: Self.original, product: "max.monthly", renewsInto: "pro.monthly")
        #expect(try await m.post("DID_CHANGE_RENEWAL_PREF", "DOWNGRADE", transaction: max, renewal: downgrade) == .recorded)
        #expect(try await m.subscription().pendingProductID == "pro.monthly")

        m.store.moveClock(days: 30)
        let pro = try m.apple.period("2000000777000003", of: Self.original, product: "pro.monthly", price: 10_000,
                                     owner: m.ada.id, start: m.now, days: 30, firstBought: CoreFixture.start)
        #expect(try await m.post("DID_RENEW", transaction: pro) == .recorded)
        let switched = try await m.subscription()
        #expect(switched.productID == "pro.monthly" && switched.planID == "pro" && switched.pendingProductID == nil)
        #expect(try await m.invoices().first?.kind == .planChange)
        #expect(try await m.events().suffix(4) == [.cancelled, .resumed, .planChangeScheduled, .planChanged])
        #expect(try await m.store.invariants() == [])
    }

    /// Deliveries are retried and overtake each other: every transaction is booked whenever it
    /// arrives, but an older notification never undoes what a newer one said.
    @Test func aLateNotificationIsBookedButChangesNothingANewerOneSaid() async throws {
        let m = try await Mirror()
        let signedFirst = m.now
        let first = try m.apple.period(Self.original, of: Self.original, product: "pro.monthly", price: 10_000, owner: m.ada.id,
                                       start: m.now, days: 30)
        m.store.moveClock(days: 30)
        let second = try m.apple.period("2000000777000004", of: Self.original, product: "pro.monthly", price: 10_000,
                                        owner: m.ada.id, start: m.now, days: 30, firstBought: CoreFixture.start)
        #expect(try await m.post("DID_RENEW", transaction: second) == .recorded)
        #expect(try await m.post("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED", transaction: second) == .recorded)

        #expect(try await m.post("SUBSCRIBED", "INITIAL_BUY", transaction: first, signedAt: signedFirst) == .recorded)
        let mirror = try await m.subscription()
        #expect(mirror.currentPeriodStart == m.now && !mirror.willAutoRenew, "still the newer period and choice")
        #expect(try await m.invoices().count == 2, "both payments booked")
        let stale = try await m.post("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED", transaction: first, signedAt: signedFirst)
        guard case .ignored = stale else { throw FixtureError.missing("the stale notification was applied: \(stale)") }
        #expect(try await !m.subscription().willAutoRenew)
        #expect(try await m.store.invariants() == [])
    }

    /// A renewal delivered after the App Store already said the subscription expired is paid
    /// history: booked, but it does not bring the subscription back.
    @Test func aRenewalDeliveredAfterTheEndIsBookedButDoesNotReviveTheMirror() async throws {
        let m = try await Mirror()
        try await m.post("SUBSCRIBED", "INITIAL_BUY")
        m.store.moveClock(days: 30)
        let renewedAt = m.now
        let renewal = try m.apple.period("2000000777000005", of: Self.original, product: "pro.monthly", price: 10_000,
                                         owner: m.ada.id, start: renewedAt, days: 30, firstBought: CoreFixture.start)
        m.store.moveClock(days: 31)
        #expect(try await m.post("EXPIRED", "VOLUNTARY") == .recorded)
        #expect(try await m.post("DID_RENEW", transaction: renewal, signedAt: renewedAt) == .recorded)
        let mirror = try await m.subscription()
        #expect(mirror.state == .expired && mirror.currentPeriodStart == CoreFixture.start)
        #expect(try await m.invoices().map(\.kind) == [.renewal, .subscriptionCreate])
        #expect(try await m.store.invariants() == [])
    }

    @Test func theAppStoresRefundRevokesTheMirrorWithItsOwnToken() async throws {
        let m = try await Mirror()
        try await m.post("SUBSCRIBED", "INITIAL_BUY")
        let revoked = try m.apple.period(Self.original, of: Self.original, product: "pro.monthly", price: 10_000, owner: m.ada.id,
                                         start: CoreFixture.start, days: 30, revoked: m.now)
        #expect(try await m.post("REFUND", transaction: revoked) == .recorded)
        let mirror = try await m.subscription()
        #expect(mirror.state == .revoked && mirror.revocationReason == .refunded)
        #expect(try await !m.entitled())
        #expect(try await m.invoices().map(\.kind) == [.refund, .subscriptionCreate])
        let token = try #require(try await m.store.service.allTransactions(accountID: m.ada.id).first)
        #expect(try token.transaction.jws == revoked, "the App Store's revoked token, not one the merchant signed")
        #expect(try await m.store.invariants() == [])
    }

    /// The app may reach its backend before the App Store's notification reaches the merchant.
    @Test func aReceiptOfASubscriptionTheStoreNeverSawStartsTheMirror() async throws {
        let m = try await Mirror()
        let period = try m.apple.period(Self.original, of: Self.original, product: "pro.monthly", price: 10_000,
                                        owner: m.ada.id, start: m.now, days: 30)
        let submission = ReceiptSubmission(userID: m.ada.id, productID: "pro.monthly", receipt: period)
        let first = try await m.store.service.recordReceipt(submission)
        #expect(!first.isDuplicate && first.pointsCredited == 0)
        let mirror = try await m.subscription()
        #expect(mirror.state == .subscribed && mirror.currentPeriodEnd == m.now.addingTimeInterval(30 * 86_400))
        #expect(try await m.entitled())
        #expect(try await m.store.service.recordReceipt(submission).isDuplicate)
        #expect(try await m.post("SUBSCRIBED", "INITIAL_BUY", transaction: period) == .alreadyKnown)
        #expect(try await m.invoices().count == 1)
        #expect(try await m.store.invariants() == [])
    }

    @Test func aSubscriptionBesideTheCustomersCardSubscriptionIsNotBooked() async throws {
        let m = try await Mirror()
        _ = try await m.store.buy(m.ada, "pro.yearly")
        let outcome = try await m.post("SUBSCRIBED", "INITIAL_BUY")
        guard case let .ignored(reason) = outcome else { throw FixtureError.missing("ignored, not \(outcome)") }
        #expect(reason.contains("already has subscription"))
        #expect(try await m.store.service.subscriptions(accountID: m.ada.id).count == 1)
        #expect(try await m.invoices().count == 1)
    }

    @Test func renewalInfoMustVerifyAndBeAboutTheSameSubscription() async throws {
        let m = try await Mirror()
        let other = try AppStoreSigner(try await CoreFixture())
        let cases: [(String, String)] = [
            ("signedPayload.data.signedRenewalInfo", try other.renewalInfo(of: Self.original, product: "pro.monthly")),
            ("signedPayload.data.signedRenewalInfo.originalTransactionId",
             try m.apple.renewalInfo(of: "2000000777000999", product: "pro.monthly")),
        ]
        for (field, renewal) in cases {
            do {
                try await m.post("DID_CHANGE_RENEWAL_PREF", renewal: renewal)
                Issue.record("\(field): accepted")
            } catch let PaymentsError.invalidInput(reported, _) {
                #expect(reported == field)
            }
        }
        #expect(try await m.store.service.subscriptions(accountID: m.ada.id).isEmpty)
    }
}
