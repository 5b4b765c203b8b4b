import Foundation

/// One row of an account's analytics feed: an app event it tracked or a store event of its
/// purchases, in the order they happened.
public struct AnalyticsEntry: Hashable, Sendable, Codable, Identifiable {
    public enum Kind: Hashable, Sendable, Codable {
        case app(AnalyticsEvent)
        case store(StoreEventType)
    }

    /// The event's sequence number: pass the last one seen as `after` to read on.
    public var id: Int64
    public var accountID: String
    public var kind: Kind
    /// The store clock's time (the account's test clock, if any).
    public var at: Date
    public var subscriptionID: String?
    public var productID: String?
    public var invoiceID: String?
    public var detail: String?

    /// A stable name: `analytics.paywall_viewed` for app events, the store event's own
    /// (`trial.started`, `purchase.completed`) for store events.
    public var name: String {
        switch kind {
        case let .app(event): AnalyticsEvent.typePrefix + event.name
        case let .store(type): type.rawValue
        }
    }
}
