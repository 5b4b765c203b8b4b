/// Something the customer did in the app that the store cannot see by itself: the top of the
/// purchase funnel. Each has a stable snake_case `name` for dashboards and exports; the events
/// table stores it as `analytics.<name>`, a family no `StoreEventType` uses.
public enum AnalyticsEvent: Hashable, Sendable, Codable {
    case paywallViewed
    case paywallClosed
    case planComparisonViewed
    case checkoutStarted(productID: String)
    case purchaseCancelled(productID: String)
    case restoreStarted
    case restoreCompleted
    case restoreFailed

    /// The prefix of analytics rows in the events table's `type` column.
    public static let typePrefix = "analytics."

    public static let names = ["paywall_viewed", "paywall_closed", "plan_comparison_viewed", "checkout_started",
                               "purchase_cancelled", "restore_started", "restore_completed", "restore_failed"]

    public var name: String {
        switch self {
        case .paywallViewed: "paywall_viewed"
        case .paywallClosed: "paywall_closed"
        case .planComparisonViewed: "plan_comparison_viewed"
        case .checkoutStarted: "checkout_started"
        case .purchaseCancelled: "purchase_cancelled"
        case .restoreStarted: "restore_started"
        case .restoreCompleted: "restore_completed"
        case .restoreFailed: "restore_failed"
        }
    }

    /// The product the event is about, if any.
    public var productID: String? {
        switch self {
        case let .checkoutStarted(productID), let .purchaseCancelled(productID): productID
        case .paywallViewed, .paywallClosed, .planComparisonViewed, .restoreStarted, .restoreCompleted, .restoreFailed: nil
        }
    }

    /// Reads a stored event back; nil for a name this version does not know or a product event
    /// stored without its product.
    public init?(name: String, productID: String?) {
        switch (name, productID) {
        case ("paywall_viewed", _): self = .paywallViewed
        case ("paywall_closed", _): self = .paywallClosed
        case ("plan_comparison_viewed", _): self = .planComparisonViewed
        case let ("checkout_started", product?): self = .checkoutStarted(productID: product)
        case let ("purchase_cancelled", product?): self = .purchaseCancelled(productID: product)
        case ("restore_started", _): self = .restoreStarted
        case ("restore_completed", _): self = .restoreCompleted
        case ("restore_failed", _): self = .restoreFailed
        default: return nil
        }
    }
}
