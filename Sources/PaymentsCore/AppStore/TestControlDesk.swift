import Foundation

/// The sandbox's levers as a tester reaches them, over both parties: one list of the actions
/// waiting for an answer and one place to answer them, whichever side holds each (the App Store
/// holds the sheet's ask-to-buy and interrupted requests, the merchant 3-D Secure and its own
/// price-increase consent; docs/design/app-store-split.md §2.3), one set of switches, one clock.
///
/// The App Store keeps the sheet's requests, its sales, the device's receipt queue and their
/// switches in records of its own: a clear and a reset reach both sides, the controls are joined
/// and split, and an advance lets the device retry its uploads. Faults and store-billed renewals
/// are still kept in the payments core (`InCoreAppStore`), so the clock itself and the faults go to
/// the merchant alone. Every tester's
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

    /// One set of switches: the merchant's, with the App Store's sheet and device switches.
    public func storeControls() async throws -> StoreControls {
        try await merchant.storeControls().joined(with: appStore.controls())
    }

    /// Each side keeps its own part.
    public func updateStoreControls(_ controls: StoreControls) async throws {
        try await merchant.updateStoreControls(controls.merchantsPart)
        try await appStore.updateControls(AppStoreControls(controls))
    }

    /// Runs everything due up to `date` on the clock, then moves it there; the device then
    /// uploads the receipts whose retry fell due meanwhile.
    public func advanceTestClock(_ id: String, to date: Date) async throws -> ClockAdvanceReport {
        let report = try await merchant.advanceTestClock(id, to: date)
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
