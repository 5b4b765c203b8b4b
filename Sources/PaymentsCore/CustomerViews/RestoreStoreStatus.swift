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
