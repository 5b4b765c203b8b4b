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

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, planID: String, productID: String, storeStatus: RestoreStoreStatus,
                renewalState: RenewalState, hasBillingIssue: Bool, hasAccess: Bool, willAutoRenew: Bool,
                expiresAt: Date) {
        self.id = id
        self.planID = planID
        self.productID = productID
        self.storeStatus = storeStatus
        self.renewalState = renewalState
        self.hasBillingIssue = hasBillingIssue
        self.hasAccess = hasAccess
        self.willAutoRenew = willAutoRenew
        self.expiresAt = expiresAt
    }
}

/// Chargebee's store status of a restored subscription.
///
/// Mapping from StoreKit's renewal state: subscribed in a trial is `in_trial`; subscribed
/// otherwise, in grace or in billing retry is `active` (the relationship continues;
/// `RestoredSubscription.hasBillingIssue` flags the failed renewal and `hasAccess` whether
/// access continues); expired and revoked are `cancelled`, listed only when inactive
/// subscriptions are asked for.
public enum RestoreStoreStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case active
    case inTrial = "in_trial"
    case cancelled

    public init(_ subscription: Subscription) {
        switch subscription.state {
        case .subscribed: self = subscription.periodType == .trial ? .inTrial : .active
        case .inGracePeriod, .inBillingRetryPeriod: self = .active
        case .expired, .revoked: self = .cancelled
        }
    }
}
