/// What the simulated App Store (`SimulatedAppStore`, module Simulators) still borrows from the
/// payments core while it moves out (docs/design/app-store-split.md): the store's database, where
/// its own tables sit beside the merchant's; the App Store's signing chain, loaded with the
/// merchant's; and the notification outbox, where notifications the in-core store made are still
/// collected from the merchant's events. Nothing else reaches these; stage 6 deletes this type.
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
