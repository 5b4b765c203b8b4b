import Foundation
import PaymentsCore

/// Everything the settings screen reads in one load. `account` is nil when nobody is signed in,
/// and then only `accounts`, `controls`, `pendingActions` and `events` are filled.
public struct SettingsData: Hashable, Sendable {
    public var account: Account?
    public var accounts: [Account]
    public var catalog: Catalog?
    public var subscriptions: [Subscription] = []
    /// The current subscription's change waiting for its renewal, with what that renewal charges.
    public var scheduledChange: PlanChangePreview?
    public var entitlements: [Entitlement] = []
    public var paymentMethods: [PaymentMethod] = []
    public var usage: [UsageMeter] = []
    /// The newest paid invoice with money to give back: what "request a refund" refunds.
    public var latestPaidInvoice: Invoice?
    public var ledger = Page<PointsEntry>(items: [], nextCursor: nil)
    /// The account's store time (its test clock's, or real time).
    public var now: Date?
    public var testClock: TestClock?
    /// Nil when the QA panel's test-control reads were refused (a storefront on a server without
    /// the admin key); `qaError` says why, and the rest of Settings still shows.
    public var controls: StoreControls?
    public var qaError: ScreenError?
    public var pendingActions: [PendingAction]
    public var events: [StoreEvent]
    public var vocabulary: SubscriptionStatusVocabulary?
    public var webhooks: [WebhookDelivery] = []

    public init(account: Account?, accounts: [Account], catalog: Catalog?, controls: StoreControls?,
                pendingActions: [PendingAction], events: [StoreEvent]) {
        self.account = account
        self.accounts = accounts
        self.catalog = catalog
        self.controls = controls
        self.pendingActions = pendingActions
        self.events = events
    }
}
