import Foundation
import Testing
@testable import PaymentsCore

@Suite struct AnalyticsAndNoticesTests {
    @Test func appAndStoreEventsComeBackInOrderWithStoreClockTimes() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await store.service.track(.paywallViewed, accountID: ada.id)
        try await store.advance(days: 1)
        try await store.service.track(.planComparisonViewed, accountID: ada.id)
        try await store.service.track(.checkoutStarted(productID: "pro.monthly"), accountID: ada.id)
        _ = try await store.buy(ada, "pro.monthly")
        try await store.service.track(.paywallClosed, accountID: ada.id)
        let feed = try await store.service.analytics(accountID: ada.id, after: nil, limit: 100)
        #expect(feed.map(\.name) == [
            "account.created", "analytics.paywall_viewed", "analytics.plan_comparison_viewed",
            "analytics.checkout_started", "trial.started", "subscription.started", "purchase.completed",
            "analytics.paywall_closed",
        ])
        #expect(feed[1].at == CoreFixture.start && feed[2].at == CoreFixture.date("2026-01-02T00:00:00Z"))
        #expect(feed[3].kind == .app(.checkoutStarted(productID: "pro.monthly")) && feed[3].productID == "pro.monthly")
        #expect(feed[4].kind == .store(.trialStarted))
        let page = try await store.service.analytics(accountID: ada.id, after: feed[2].id, limit: 2)
        #expect(page.map(\.id) == [feed[3].id, feed[4].id])
        let storeFeed = try await store.service.events(accountID: ada.id, after: nil, limit: 100)
        #expect(!storeFeed.isEmpty && storeFeed.allSatisfy { !$0.type.rawValue.hasPrefix("analytics.") })
    }

    @Test func theFeedPositionIsWhereTheFeedEndsSoOnlyLaterEventsAreRead() async throws {
        let store = try await CoreFixture()
        #expect(try await store.service.feedPosition(accountID: nil) == 0)
        let ada = try await store.account()
        let bob = try await store.account("bob")
        _ = try await store.buy(ada, "pro.monthly")
        let adaEnd = try await store.service.feedPosition(accountID: ada.id)
        let adaFeed = try await store.service.events(accountID: ada.id, after: nil, limit: 100)
        #expect(adaFeed.last?.id == adaEnd)
        try await store.service.track(.paywallViewed, accountID: ada.id)
        #expect(try await store.service.events(accountID: ada.id, after: adaEnd, limit: 100).isEmpty)
        let everyone = try await store.service.feedPosition(accountID: nil)
        #expect(everyone > adaEnd)
        _ = try await store.buy(bob, "pro.monthly")
        let news = try await store.service.events(accountID: bob.id, after: everyone, limit: 100)
        #expect(news.map(\.type).contains(.purchaseCompleted))
    }

    @Test func theFeedAdvanceNamesTheAccountsWithNewsAndNoOthers() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let cy = try await store.account("cy")
        _ = try await store.buy(cy, "pro.monthly")
        let start = try await store.service.feedPosition(accountID: nil)
        #expect(try await store.service.feedAdvance(after: start) == FeedAdvance(position: start, accounts: [:]))

        _ = try await store.buy(ada, "pro.monthly")
        _ = try await store.buy(bob, "pro.monthly")
        let advance = try await store.service.feedAdvance(after: start)
        let end = try await store.service.feedPosition(accountID: nil)
        #expect(advance.position == end)
        #expect(advance.accounts == [ada.id: try await store.service.feedPosition(accountID: ada.id),
                                     bob.id: try await store.service.feedPosition(accountID: bob.id)])
        #expect(try await store.service.feedAdvance(after: end).accounts.isEmpty)
    }

    @Test func trackingUsesTheAccountsTestClockAndChecksProducts() async throws {
        let store = try await CoreFixture()
        let frozen = CoreFixture.date("2030-06-01T12:00:00Z")
        let clock = try await store.service.createTestClock(name: "qa", frozenAt: frozen)
        let bob = try await store.service.createAccount(NewAccount(email: "bob@example.com", name: "bob", testClockID: clock.id))
        let entry = try await store.service.track(.restoreStarted, accountID: bob.id)
        #expect(entry.at == frozen && entry.accountID == bob.id && entry.kind == .app(.restoreStarted))
        await #expect(throws: PaymentsError.productNotFound("nope")) {
            try await store.service.track(.purchaseCancelled(productID: "nope"), accountID: bob.id)
        }
        await #expect(throws: PaymentsError.accountNotFound("acct_999999")) {
            try await store.service.track(.paywallViewed, accountID: "acct_999999")
        }
    }

    @Test func everyAnalyticsNameReadsBack() {
        let events: [AnalyticsEvent] = [
            .paywallViewed, .paywallClosed, .planComparisonViewed, .checkoutStarted(productID: "p"),
            .purchaseCancelled(productID: "p"), .restoreStarted, .restoreCompleted, .restoreFailed,
        ]
        #expect(events.map(\.name) == AnalyticsEvent.names)
        for event in events { #expect(AnalyticsEvent(name: event.name, productID: event.productID) == event) }
        #expect(AnalyticsEvent(name: "checkout_started", productID: nil) == nil)
        #expect(AnalyticsEvent(name: "unknown", productID: nil) == nil)
    }

    @Test func purchasesAndTrialsNotifyOnceAfterTheCursor() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        _ = try await store.buy(ada, "pro.monthly")
        let notices = try await store.service.notifications(accountID: ada.id, after: nil)
        #expect(notices.map(\.kind) == [.purchaseSucceeded, .trialStarted])
        #expect(notices[0].message == "Thank you! Your purchase of Themes is complete.")
        #expect(notices[1].message == "Your free trial of Pro has started. Enjoy!")
        let last = try #require(notices.last)
        #expect(try await store.service.notifications(accountID: ada.id, after: last.id).isEmpty)
        _ = try await store.buy(ada, "points.500")
        let next = try await store.service.notifications(accountID: ada.id, after: last.id)
        #expect(next.map(\.productID) == ["points.500"])
    }

    @Test func trialEndingSoonIsAnnouncedOnceInItsLastDays() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")  // trial ends Jan 8
        try await store.advance(days: 3)
        #expect(try await store.service.notifications(accountID: ada.id, after: nil).map(\.kind) == [.trialStarted])
        try await store.advance(days: 2)
        let notices = try await store.service.notifications(accountID: ada.id, after: nil)
        #expect(notices.map(\.kind) == [.trialStarted, .trialEndingSoon])
        #expect(notices[1].message == "Your free trial of Pro ends on Jan 8, 2026. Your subscription starts then.")
        #expect(notices[1].at == CoreFixture.date("2026-01-06T00:00:00Z"))
        try await store.advance(days: 1)
        #expect(try await store.service.notifications(accountID: ada.id, after: notices[1].id).isEmpty)
        #expect(try await store.service.notifications(accountID: ada.id, after: nil).count == 2)
        #expect(try await store.service.events(accountID: ada.id, after: notices[0].id, limit: 10)
            .allSatisfy { $0.type != .purchaseCompleted })
    }

    @Test func renewalFailureNotifiesOncePerBillingIssueAndRefundsNotify() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        let themes = try await store.buy(ada, "themes")
        try await store.service.desk.updateStoreControls(StoreControls(renewalsFail: true))
        try await store.advance(days: 365)
        try await store.advance(days: 10)  // two retries fail too
        let notices = try await store.service.notifications(accountID: ada.id, after: nil)
        #expect(notices.map(\.kind) == [.purchaseSucceeded, .purchaseSucceeded, .renewalFailed])
        #expect(notices[2].message == "We could not renew Pro. Update your payment method to keep your subscription.")
        #expect(notices[2].at == CoreFixture.date("2027-01-01T00:00:00Z"))
        _ = try await store.service.refund(invoiceID: themes.invoice.id, idempotencyKey: nil)
        let refund = try await store.service.notifications(accountID: ada.id, after: notices[2].id)
        #expect(refund.map(\.kind) == [.refundIssued])
        #expect(refund.first?.message == "Your refund of $15.00 for Themes has been issued.")
    }
}
