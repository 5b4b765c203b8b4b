/// What the simulated App Store (`SimulatedAppStore`, module Simulators) still borrows from the
/// payments core while it moves out (docs/design/app-store-split.md): the store's database, where
/// its own tables sit beside the merchant's; the App Store's signing chain; the answers and
/// receipts of purchases the in-core store made before the App Store kept its own (receipts queued
/// without a token); the notification outbox, where notifications the in-core store made are still
/// collected; and the sandbox's faults, still kept with the merchant's. Nothing else reaches these;
/// stage 6 deletes this type.
public struct InCoreAppStore: Sendable {
    private let store: LocalPaymentsService

    public init(_ store: LocalPaymentsService) {
        self.store = store
    }

    public var storage: any PaymentsStorage { store.storage }
    public var signing: TransactionSigningAuthority { store.appStoreSigning }
    public var catalog: Catalog { store.storeCatalog }
    public var clock: any KioskClock { store.clock }
    public var random: RandomSource { store.random }

    /// Counts down a fault armed on `operation`, answering its error.
    public func takeFault(_ operation: StoreOperation) async throws -> StoreError? {
        try await store.takeFault(operation)
    }

    /// The first answer to a keyed purchase made on the in-core path, if there was one.
    public func earlierAnswer(to request: StorePurchaseRequest) async throws -> StorePurchaseResult? {
        try await store.legacyStorePurchaseAnswer(request)
    }

    /// The token of a receipt the in-core path queued without one.
    public func receiptToken(transactionID: String) async throws -> String {
        try await store.legacyReceiptToken(transactionID: transactionID)
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
