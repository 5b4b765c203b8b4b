import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct AppFeatureTests {
    typealias F = ViewModelsFixtures

    func client() -> Storefront {
        var client = Storefront()
        client.accounts.signedInAccount = { F.account() }
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.accounts.now = { _ in F.start }
        client.feed.feedPosition = { _ in 1 }
        client.feed.events = { _, after, _ in
            after == 1 ? [StoreEvent(id: 2, accountID: "acct_1", type: .refunded, at: F.start, subscriptionID: nil,
                                     productID: nil, invoiceID: "INV-000002", detail: nil)] : []
        }
        return client
    }

    @Test func sessionReplaysToTheSameStates() async throws {
        let feature = AppFeature(storefront: client(), clock: ManualClock(F.start), files: .failing)
        let start = AppState(sessionID: "s1")
        let store = Store(initialState: start, reducer: feature)
        await store.send(.launched).value
        await store.send(.paywall(.selectPackage(productID: "pro.monthly"))).value
        await store.send(.paywall(.continueTapped)).value
        #expect(store.state.checkout?.productID == "pro.monthly")
        #expect(store.state.helpKeys.first == CheckoutState.keys.first)
        await store.send(.toggleHelp).value
        await store.send(.back).value
        await store.send(.back).value
        #expect(store.state.stack.isEmpty && !store.state.isHelpShown)
        await store.send(.pollChanges).value
        #expect(store.state.toasts.map(\.kind) == [.refundIssued])
        #expect(store.state.lastEventID == 2)

        let replayed = feature.replay(from: start, actions: store.recordedActions)
        #expect(replayed.last == store.state)
        #expect(replayed.count == store.recordedActions.count)
    }

    @Test func theFirstPollFindsWhereTheFeedEndsAndTheFirstEventOfAnEmptyStoreIsNews() async throws {
        var client = client()
        let reads = Mutex<[Int64?]>([])
        client.feed.feedPosition = { _ in 0 }
        client.feed.events = { _, after, _ in
            reads.withLock { $0.append(after) }
            return [StoreEvent(id: 1, accountID: "acct_1", type: .refunded, at: F.start, subscriptionID: nil,
                               productID: nil, invoiceID: "INV-000001", detail: nil)]
        }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        #expect(store.state.lastEventID == 0 && reads.withLock { $0.isEmpty })
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == [0])
        #expect(store.state.toasts.map(\.kind) == [.refundIssued])
        #expect(store.state.lastEventID == 1)
    }

    /// Issue 41, item 20: `kiosk store controls` in another shell reaches no change feed, so the
    /// open QA panel reads the controls at each poll instead of waiting for a tab change.
    @Test func controlsChangedElsewhereShowInTheOpenQAPanelAtTheNextPoll() async throws {
        var client = client()
        let stored = Mutex(StoreControls())
        let reads = Mutex(0)
        client.testControls.storeControls = {
            reads.withLock { $0 += 1 }
            return stored.withLock { $0 }
        }
        var start = AppState(sessionID: "s1")
        start.tab = .settings
        start.settings.section = .account
        start.settings.qa.controls = StoreControls()
        let store = Store(initialState: start, reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        stored.withLock { $0 = StoreControls(askToBuy: true) }
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == 0, "another section of Settings shows no controls: nothing is read")
        await store.send(.settings(.selectSection(.qa))).value
        let readsOnOpening = reads.withLock { $0 }
        stored.withLock { $0 = StoreControls(renewalsFail: true) }
        await store.send(.pollChanges).value
        #expect(reads.withLock { $0 } == readsOnOpening + 1)
        #expect(store.state.settings.qa.controls == StoreControls(renewalsFail: true))
    }

    @Test func aStoreThatDoesNotRecordKeepsNoActionsButReducesThemAll() async throws {
        let feature = AppFeature(storefront: client(), clock: ManualClock(F.start), files: .failing)
        let store = Store(initialState: AppState(sessionID: "s1"), reducer: feature, recording: false)
        await store.send(.launched).value
        await store.send(.toggleHelp).value
        await store.send(.pollChanges).value
        #expect(store.state.isHelpShown)
        #expect(store.state.lastEventID == 2)
        #expect(store.recordedActions.isEmpty)
    }

    @Test func leavingACheckoutStopsItsBrowserWait() async {
        var client = client()
        let sawCancellation = Mutex(false)
        let (waiting, waitStarted) = AsyncStream<Void>.makeStream()
        client.hostedCheckout.awaitOutcome = { _ in
            waitStarted.yield()
            await untilCancelled()
            sawCancellation.withLock { $0 = Task.isCancelled }
            throw CancellationError()
        }
        let session = HostedCheckoutSession(id: "cks_1", url: "http://127.0.0.1:4000/checkout/cks_1",
                                            expiresAt: F.start.addingTimeInterval(3_600))
        var checkout = CheckoutState(sessionID: "s1.1", productID: "pro.monthly", account: F.account())
        checkout.now = F.start
        checkout.status = .browser(.creatingSession)
        var start = AppState(sessionID: "s1")
        start.stack = [.checkout(checkout)]
        checkout.status = .browser(.waiting(session: session, startedAt: F.start, elapsedSeconds: 0))
        let store = ViewModelTestStore(start, AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.checkout(.browserSessionCreated(.success(session)))) { [checkout] in $0.stack = [.checkout(checkout)] }
        for await _ in waiting { break }
        await store.send(.back) { $0.stack = [] }
        #expect(sawCancellation.withLock { $0 })
    }

    /// After a spell without the server, the first answer says so once ("reconnected"), naming
    /// the server (issue 41, item 21).
    @Test func theFeedComingBackSaysReconnected() async throws {
        var client = client()
        let down = Mutex(false)
        client.feed.events = { _, _, _ in
            if down.withLock({ $0 }) { throw PaymentsError.storage("Can't reach the server at http://shop.lan:8080") }
            return []
        }
        var start = AppState(sessionID: "s1")
        start.server = "shop.lan:8080"
        let store = Store(initialState: start, reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        await store.send(.pollChanges).value
        #expect(store.state.toasts.isEmpty)
        down.withLock { $0 = true }
        await store.send(.pollChanges).value
        #expect(store.state.feedTrouble != nil && store.state.toasts.isEmpty)
        down.withLock { $0 = false }
        await store.send(.pollChanges).value
        #expect(store.state.feedTrouble == nil)
        #expect(store.state.toasts.map(\.message) == ["Reconnected to shop.lan:8080."])
        #expect(store.state.toasts.map(\.kind) == [.info] && store.state.toasts[0].id < 0)
        await store.send(.pollChanges).value
        #expect(store.state.toasts.count == 1)
    }

    /// A purchase on the feed names what was bought, whichever tab it shows on.
    @Test func aPurchaseNoticeNamesTheProduct() async throws {
        var client = client()
        client.feed.events = { _, after, _ in
            after == 1 ? [StoreEvent(id: 2, accountID: "acct_1", type: .purchaseCompleted, at: F.start, productID: "points.500")] : []
        }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        await store.send(.pollChanges).value
        #expect(store.state.toasts.map(\.message) == ["Bought Starter points (500 points)."])
    }
}
