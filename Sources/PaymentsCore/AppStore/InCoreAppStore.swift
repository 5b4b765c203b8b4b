/// The simulated App Store while it still lives in the payments core: each operation is the
/// store's own (`LocalPaymentsService`), so every consumer already talks to `AppStoreService` and
/// stays unchanged when the App Store becomes a simulator of its own (docs/design/app-store-split.md,
/// stage 4, which replaces this type).
public struct InCoreAppStore: AppStoreService {
    private let store: LocalPaymentsService

    public init(_ store: LocalPaymentsService) {
        self.store = store
    }

    public func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        try await store.storePurchase(request)
    }

    public func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
        try await store.approvePurchase(pendingID: pendingID)
    }

    public func declinePurchase(pendingID: String) async throws {
        try await store.declinePurchase(pendingID: pendingID)
    }

    public func pendingActions(accountID: String?) async throws -> [PendingAction] {
        try await store.appStorePendingActions(accountID: accountID)
    }

    public func pendingPurchaseStatus(pendingID: String, accountID: String) async throws -> PendingPurchaseStatus {
        try await store.pendingPurchaseStatus(pendingID: pendingID, accountID: accountID)
    }

    public func deliverReceipts() async throws -> ReceiptSyncReport {
        try await store.syncReceipts()
    }

    public func renewalInfo(accountID: String) async throws -> [SignedRenewalInfo] {
        try await store.renewalInfo(accountID: accountID)
    }

    public func notifications() async throws -> [StoreNotification] {
        try await store.storeNotifications()
    }

    public func signedNotifications() async throws -> [(notification: StoreNotification, signedPayload: String)] {
        try await store.signedStoreNotifications()
    }

    public func sendTestNotification() async throws -> StoreNotification {
        try await store.sendTestNotification()
    }

    public func deliverNotifications(transport: any StoreNotificationTransport) async throws -> StoreNotificationDeliveryReport {
        try await store.deliverStoreNotifications(transport: transport)
    }
}
