import Foundation
import PaymentsCore

/// A subscription whose renewal failed and is being retried, for the QA panel's list.
public struct BillingIssue: Hashable, Sendable {
    public var subscriptionID: String
    public var accountID: String
    public var productID: String
    /// "in a grace period" or "in billing retry".
    public var stateWords: String
    public var detectedAt: Date?
    /// When grace or retries end, whichever applies.
    public var endsAt: Date?

    /// The subscriptions in grace or billing retry.
    static func from(_ subscriptions: [Subscription]) -> [BillingIssue] {
        subscriptions.compactMap { subscription in
            let end: Date? = switch subscription.state {
            case .inGracePeriod: subscription.gracePeriodEndsAt
            case .inBillingRetryPeriod: subscription.billingRetryEndsAt
            default: nil
            }
            guard subscription.state == .inGracePeriod || subscription.state == .inBillingRetryPeriod else { return nil }
            return BillingIssue(subscriptionID: subscription.id, accountID: subscription.accountID,
                                productID: subscription.productID, stateWords: subscription.state.plainWords,
                                detectedAt: subscription.billingIssueDetectedAt, endsAt: end)
        }
    }
}
