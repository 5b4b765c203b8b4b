import Foundation

/// One subscription a restore found, as Chargebee's `CBRestoreSubscription` reports it (id,
/// plan, store status) plus what a paywall needs to decide what to show.
public struct RestoredSubscription: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var planID: String
    public var productID: String
    public var storeStatus: RestoreStoreStatus
    public var renewalState: RenewalState
    /// A renewal failed and is being retried (grace period or billing retry): the customer
    /// should update the payment method.
    public var hasBillingIssue: Bool
    /// Whether the subscription grants access right now (billing retry does not).
    public var hasAccess: Bool
    public var willAutoRenew: Bool
    public var expiresAt: Date
}
