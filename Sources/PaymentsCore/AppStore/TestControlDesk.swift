import Foundation

/// The sandbox's levers as a tester reaches them, over both parties: one list of the actions
/// waiting for an answer and one place to answer them, whichever side holds each (the App Store
/// holds the sheet's ask-to-buy and interrupted requests, the merchant 3-D Secure and its own
/// price-increase consent; docs/design/app-store-split.md §2.3), one set of switches, one clock.
///
/// The App Store keeps the sheet's requests, its sales and subscriptions, the device's receipt
/// queue and their switches in records of its own: a clear and a reset reach both sides, the
/// controls are joined and split, and an advance runs both sides' due work in time order and lets
/// the device retry its uploads. The clock is the merchant's (the App Store reads it), and so are
/// the faults: one "fail the next purchase" fails the next purchase on either side. Every tester's
/// tool (the Settings QA panel, the test-control API, QA scenarios, `kiosk store`) comes through
/// here, so splitting them (stages 4 and 5) changes this type, not them.
public struct TestControlDesk: Sendable {
    public let merchant: any PaymentsService
    public let appStore: any AppStoreService

    public init(merchant: any PaymentsService, appStore: any AppStoreService) {
        self.merchant = merchant
        self.appStore = appStore
    }

    /// Every action waiting on either side (of one account, or all), oldest first.
    public func pendingActions(accountID: String?) async throws -> [PendingAction] {
        let sheet = try await appStore.pendingActions(accountID: accountID)
        let merchants = try await merchant.pendingActions(accountID: accountID)
        return (sheet + merchants).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// A parent's (or the interrupted flow's) answer to one of the sheet's requests.
    public func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
        try await appStore.approvePurchase(pendingID: pendingID)
    }

    public func declinePurchase(pendingID: String) async throws {
        try await appStore.declinePurchase(pendingID: pendingID)
    }

    /// A price increase that needs the customer's consent: the merchant asks about what it bills,
    /// the App Store about what it bills (named in the inbox by the merchant's subscription id).
    public func requestPriceIncrease(subscriptionID: String, newPrice: Int64) async throws -> PendingAction {
        guard case let .appStore(original) = try await merchant.billingParty(subscriptionID: subscriptionID).party else {
            return try await merchant.requestPriceIncrease(subscriptionID: subscriptionID, newPrice: newPrice)
        }
        return try await appStore.requestPriceIncrease(originalTransactionID: original, subscriptionID: subscriptionID,
                                                       newPrice: newPrice)
    }

    /// The customer's answer, to the side that asked (the App Store, unless the request is not
    /// its own); the merchant's subscription as it stands after.
    public func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> Subscription {
        guard let asked = try await appStore.answerPriceIncrease(pendingID: pendingID, accept: accept) else {
            return try await merchant.answerPriceIncrease(pendingID: pendingID, accept: accept)
        }
        guard let subscriptionID = asked.subscriptionID else { throw PaymentsError.pendingActionNotFound(pendingID) }
        return try await merchant.subscription(subscriptionID, of: asked.accountID)
    }

    /// One set of switches: the merchant's, with the App Store's sheet and device switches.
    public func storeControls() async throws -> StoreControls {
        try await merchant.storeControls().joined(with: appStore.controls())
    }

    /// Each side keeps its own part.
    public func updateStoreControls(_ controls: StoreControls) async throws {
        try await merchant.updateStoreControls(controls.merchantsPart)
        try await appStore.updateControls(AppStoreControls(controls))
    }

    /// Runs everything due up to `date` on the clock on both sides in time order, then leaves
    /// the clock there: the merchant's clock moves to each instant the App Store has work (its
    /// own due work up to then first), the App Store then runs that instant's, so a card and a
    /// store subscription renew in the order of their dates and the merchant stamps what the App
    /// Store tells it with that instant. The device then uploads the receipts whose retry fell due.
    /// The tester asked for one advance, and one `test_clock.advanced` says so, at its end.
    public func advanceTestClock(_ id: String, to date: Date) async throws -> ClockAdvanceReport {
        let start = try await merchant.testClock(id).frozenTime
        let target = date.wholeSeconds
        guard target >= start else { throw PaymentsError.clockCannotGoBack(current: start, requested: target) }
        var report = ClockAdvanceReport(clockID: id, from: start, to: target)
        try await appStore.followClocks()
        var step = start
        repeat {
            let due = try await appStore.nextDueDate(clockID: id)
            // The App Store runs everything due up to a step, so its next work is always later.
            step = max(step, min(due ?? target, target))
            report.add(try await merchant.advanceTestClock(id, to: step, announcing: step == target ? start...target : nil))
            report.add(try await appStore.runDueWork(clockID: id, until: step))
        } while step < target
        _ = try await appStore.deliverReceipts()
        return report
    }

    /// Controls and settings back to their defaults, on both sides.
    public func resetStore() async throws {
        try await merchant.resetStore()
        try await appStore.updateControls(AppStoreControls())
    }

    /// Both sides forget every sale: the merchant its books, the App Store its sales and requests.
    public func clearAllTransactions() async throws {
        try await merchant.clearAllTransactions()
        try await appStore.clearAllTransactions()
    }
}
