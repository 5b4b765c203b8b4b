import Foundation
import PaymentsCore

/// A subscription whose renewal failed and is being retried, for the QA panel's list.
public struct BillingIssue: Hashable, Sendable {
    public var subscriptionID: String
    public var accountID: String
    public var productID: String
    /// "Payment problem, retrying; access until …", with when grace or retries end.
    public var stateWords: String
    public var detectedAt: Date?

    /// The subscriptions in grace or billing retry.
    static func from(_ subscriptions: [Subscription]) -> [BillingIssue] {
        subscriptions.compactMap { subscription in
            guard subscription.state == .inGracePeriod || subscription.state == .inBillingRetryPeriod else { return nil }
            return BillingIssue(subscriptionID: subscription.id, accountID: subscription.accountID,
                                productID: subscription.productID, stateWords: SubscriptionStateWording.status(subscription),
                                detectedAt: subscription.billingIssueDetectedAt)
        }
    }
}
