import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// A change feed that cannot be read: the status line says so and keeps saying it, the screens
/// keep what they show, polls back off, and the first successful read clears it.
@MainActor
struct FeedTroubleTests {
    typealias F = ViewModelsFixtures

    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "Can't reach the server at http://127.0.0.1:9" }
    }

    /// A checkout waiting for an ask-to-buy answer asks the store on each poll, but not on the
    /// polls the feed skips while the server does not answer.
    @Test func aWaitingAskToBuyIsNotAskedAboutWhileTheFeedBacksOff() async throws {
        let checks = Mutex(0)
        var client = Storefront()
        client.feed.feedPosition = { _ in throw Unreachable() }
        client.purchases.storePurchaseStatus = { _, _ in
            checks.withLock { $0 += 1 }
            throw Unreachable()
        }
        var state = AppState(sessionID: "s1")
        var checkout = CheckoutState(sessionID: "s1.1", productID: "pro.monthly", account: F.account())
        checkout.status = .pendingApproval(PendingAction(id: "pa_1", accountID: "acct_1", kind: .askToBuy, productID: "pro.monthly",
                                                         subscriptionID: nil, createdAt: F.start, newPrice: nil))
        state.stack = [.checkout(checkout)]
        let store = Store(initialState: state, reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.pollChanges).value
        await store.send(.pollChanges).value
        #expect(checks.withLock { $0 } == 2 && store.state.feedTrouble?.failures == 2)
        await store.send(.pollChanges).value  // skipped: the second failure backs off one poll
        #expect(checks.withLock { $0 } == 2)
        await store.send(.pollChanges).value
        #expect(checks.withLock { $0 } == 3)
        #expect(store.state.checkout?.pendingApprovalCheckError?.message == "Can't reach the server at http://127.0.0.1:9")
    }

    @Test func aFailingFeedSaysSoBacksOffAndClearsOnTheNextAnswer() async throws {
        let isDown = Mutex(false)
        let reads = Mutex(0)
        var client = Storefront()
        client.accounts.signedInAccount = { F.account() }
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.feed.feedPosition = { _ in 1 }
        client.feed.events = { _, _, _ in
            reads.withLock { $0 += 1 }
            if isDown.withLock({ $0 }) { throw Unreachable() }
            return [StoreEvent(id: 2, accountID: "acct_1", type: .purchaseCompleted, at: F.start, subscriptionID: nil,
                               productID: "points.500", invoiceID: "INV-000002", detail: nil)]
        }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        let shown = try #require(store.state.paywall.phase.content)
        isDown.withLock { $0 = true }

        await store.send(.pollChanges).value
        #expect(store.state.feedTrouble?.notice == "Can't reach the server at http://127.0.0.1:9 — retrying…")
        #expect(store.state.paywall.phase.content == shown)
        #expect(store.state.toasts.isEmpty)
        #expect(reads.withLock { $0 } == 1)

        // Second failure: one poll is skipped before the third try; then three before the fourth.
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == 2)
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == 2)
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == 3)
        for _ in 0..<3 { await store.send(.pollChanges).value }
        #expect(reads.withLock { $0 } == 3)
        #expect(store.state.feedTrouble?.failures == 3)

        isDown.withLock { $0 = false }
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == 4)
        #expect(store.state.feedTrouble == nil)
        // Back in touch: said once, before the news that waited (issue 41, item 21).
        #expect(store.state.toasts.map(\.kind) == [.info, .purchaseSucceeded])
        #expect(store.state.toasts.first?.message == "Reconnected to the store.")
        #expect(store.state.lastEventID == 2)
    }

    @Test func theWaitBetweenTriesDoublesUpToAboutHalfAMinute() {
        #expect((1...7).map { FeedTrouble(reason: "x", failures: $0).pollsToSkip } == [0, 1, 3, 7, 15, 15, 15])
    }

    /// A storefront started while the server is away (or with a key it refuses) has nothing to
    /// show until it can read the session: the polls try again, backing off, and the store loads
    /// once the server answers.
    @Test func aSessionThatCouldNotBeReadIsTriedAgainUntilTheStoreLoads() async throws {
        let isDown = Mutex(true)
        let tries = Mutex(0)
        var client = Storefront()
        client.accounts.signedInAccount = {
            tries.withLock { $0 += 1 }
            if isDown.withLock({ $0 }) { throw Unreachable() }
            return F.account()
        }
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.feed.feedPosition = { _ in 1 }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        #expect(store.state.account == nil && store.state.sessionTrouble?.failures == 1)
        #expect(store.state.connectionTrouble?.notice == "Can't reach the server at http://127.0.0.1:9 — retrying…",
                "the status line says why nothing loads")
        await store.send(.pollChanges).value
        #expect(tries.withLock { $0 } == 2 && store.state.sessionTrouble?.failures == 2)
        await store.send(.pollChanges).value  // skipped: the second failure backs off one poll
        #expect(tries.withLock { $0 } == 2)
        isDown.withLock { $0 = false }
        await store.send(.pollChanges).value
        #expect(tries.withLock { $0 } == 3)
        #expect(store.state.account?.id == F.account().id && store.state.sessionTrouble == nil)
        #expect(store.state.paywall.phase.content != nil, "the store loads without a key being pressed")
    }

    /// A screen that failed to load while the server was away loads again once the feed answers.
    @Test func aScreenThatFailedWhileTheServerWasAwayLoadsWhenItAnswers() async throws {
        let isDown = Mutex(false)
        var client = Storefront()
        client.accounts.signedInAccount = { F.account() }
        client.accounts.catalog = {
            if isDown.withLock({ $0 }) { throw Unreachable() }
            return F.catalog
        }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.feed.feedPosition = { _ in
            if isDown.withLock({ $0 }) { throw Unreachable() }
            return 1
        }
        client.feed.events = { _, _, _ in [] }
        isDown.withLock { $0 = true }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        #expect(store.state.paywall.phase.content == nil && store.state.feedTrouble != nil)
        isDown.withLock { $0 = false }
        await store.send(.pollChanges).value
        #expect(store.state.feedTrouble == nil)
        #expect(store.state.paywall.phase.content != nil)
    }
}
