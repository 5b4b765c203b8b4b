import PaymentsCore

/// A subscription's state in plain words ("Cancelled, access until Feb 1, 2026", "Payment
/// problem, retrying"), the same on every screen that shows one.
public enum SubscriptionStateWording {
    public static func status(_ subscription: Subscription) -> String {
        switch subscription.state {
        case .subscribed:
            if !subscription.willAutoRenew { return "Cancelled, access until \(DateWording.day(subscription.currentPeriodEnd))" }
            return subscription.periodType == .trial ? "Free trial" : "Active"
        case .inGracePeriod:
            return "Payment problem, retrying"
                + (subscription.gracePeriodEndsAt.map { "; access until \(DateWording.day($0))" } ?? "")
        case .inBillingRetryPeriod:
            return "Payment problem, retrying" + (subscription.billingRetryEndsAt.map { " until \(DateWording.day($0))" } ?? "")
                + "; access paused"
        case .expired:
            return "Ended on \(DateWording.day(subscription.currentPeriodEnd))"
        case .revoked:
            return "Refunded, access ended on \(DateWording.day(subscription.revocationDate ?? subscription.currentPeriodEnd))"
        }
    }
}
