import Foundation

/// The simulated store's test switches, persisted per data directory: what StoreKit testing,
/// Stripe test mode and RevenueCat's test store let a QA engineer flip, in one place.
public struct StoreControls: Hashable, Sendable, Codable {
    /// Store purchases wait for a parent's approval (`.pending`).
    public var askToBuy = false
    /// Store purchases are interrupted until the customer resolves them.
    public var interruptedPurchases = false
    /// Every renewal charge fails, so subscriptions go into grace and billing retry.
    public var renewalsFail = false
    /// Injected failures by operation.
    public var faults: [StoreFault] = []
    /// Cross-layer fault: the store succeeds but the network drops before the backend records the
    /// next N receipts (they wait in the sync queue and are retried).
    public var droppedReceiptSubmissions = 0
    /// Cross-layer fault: every receipt is submitted twice (the backend must credit once).
    public var duplicateReceiptSubmissions = false
    /// Cross-layer fault: the backend cannot be reached until this instant (store clock).
    public var backendUnreachableUntil: Date?
    /// Cross-layer fault: the backend answers the next N receipts with a server error.
    public var backendServerErrors = 0

    public init(askToBuy: Bool = false, interruptedPurchases: Bool = false, renewalsFail: Bool = false,
                faults: [StoreFault] = [], droppedReceiptSubmissions: Int = 0, duplicateReceiptSubmissions: Bool = false,
                backendUnreachableUntil: Date? = nil, backendServerErrors: Int = 0) {
        self.askToBuy = askToBuy
        self.interruptedPurchases = interruptedPurchases
        self.renewalsFail = renewalsFail
        self.faults = faults
        self.droppedReceiptSubmissions = droppedReceiptSubmissions
        self.duplicateReceiptSubmissions = duplicateReceiptSubmissions
        self.backendUnreachableUntil = backendUnreachableUntil
        self.backendServerErrors = backendServerErrors
    }
}

/// "Fail the next N calls (or every call) of this operation with this error."
public struct StoreFault: Hashable, Sendable, Codable {
    public var operation: StoreOperation
    public var error: StoreError
    /// Calls left to fail; nil fails every call until the fault is removed.
    public var remaining: Int?

    public init(operation: StoreOperation, error: StoreError, remaining: Int? = nil) {
        self.operation = operation
        self.error = error
        self.remaining = remaining
    }
}

/// The store operations a fault can target (StoreKit testing's failable APIs).
public enum StoreOperation: String, Hashable, Sendable, Codable, CaseIterable {
    case loadProducts = "load_products"
    case purchase
    case restore
    case subscriptionStatus = "subscription_status"
    case verification
    case refundRequest = "refund_request"
    case manageSubscriptions = "manage_subscriptions"
}
