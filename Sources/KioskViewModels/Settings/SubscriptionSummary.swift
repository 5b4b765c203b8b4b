import Foundation
import PaymentsCore

/// The subscription as the settings screen words it.
public struct SubscriptionSummary: Hashable, Sendable {
    public var subscription: Subscription
    /// "Pro Monthly".
    public var planName: String
    /// "Active", "Cancelled, access until Feb 1, 2026", "Payment problem, retrying".
    public var statusWords: String
    /// "Renews on Feb 1, 2026" or "Expires on Feb 1, 2026".
    public var renewalText: String
    /// "Trial ends on Jan 8, 2026" during a free trial.
    public var trialText: String?
    public var autoRenews: Bool
    /// Shown in grace and billing retry, with an "Update payment method" button.
    public var billingIssueBanner: String?
    /// The change waiting for the renewal (its next charge is what the renewal charges).
    public var scheduledChange: PlanChangePreview?
    /// "Switches to Pro Yearly on Jan 5, 2027: $99.99"; once cancelled, that it will not happen
    /// unless the subscription is resumed.
    public var scheduledChangeText: String?
    /// What cancelling does to the scheduled change, said in the cancel box.
    public var scheduledChangeOnCancel: String?
    /// A scheduled change can be undone ("Keep Pro Monthly").
    public var canUndoScheduledChange: Bool { scheduledChange != nil }
    public var canCancel: Bool
    public var canResume: Bool

    static func make(_ subscription: Subscription, catalog: Catalog?,
                     scheduledChange: PlanChangePreview? = nil) -> SubscriptionSummary {
        let planName: String = switch catalog?.product(id: subscription.productID) {
        case let .subscription(plan, product)?: "\(plan.name) \(PriceWording.billingTitle(product.period))"
        default: catalog?.plan(id: subscription.planID)?.name ?? subscription.productID
        }
        let end = DateWording.day(subscription.currentPeriodEnd)
        // A refund or revocation ends access the day it happens, not at the end of the period.
        let ended = DateWording.day(subscription.revocationDate ?? subscription.currentPeriodEnd)
        let renews = subscription.isActive && subscription.willAutoRenew
        let banner: String? = switch subscription.state {
        case .inGracePeriod:
            "Your last payment failed. Update your payment method to keep \(planName)"
                + (subscription.gracePeriodEndsAt.map { " after \(DateWording.day($0))." } ?? ".")
        case .inBillingRetryPeriod:
            "Your payment failed and access is paused. Update your payment method to restore \(planName)."
        default: nil
        }
        return SubscriptionSummary(
            subscription: subscription, planName: planName, statusWords: SubscriptionStateWording.status(subscription),
            renewalText: renews ? "Renews on \(end)" : (subscription.isActive ? "Expires on \(end)" : "Ended on \(ended)"),
            trialText: subscription.periodType == .trial && subscription.isActive ? "Trial ends on \(end)" : nil,
            autoRenews: subscription.willAutoRenew, billingIssueBanner: banner,
            scheduledChange: scheduledChange,
            scheduledChangeText: scheduledChange.map {
                renews ? ScheduledChangeWording.text($0, catalog: catalog) : ScheduledChangeWording.whileCancelled($0, catalog: catalog)
            },
            scheduledChangeOnCancel: scheduledChange.map { ScheduledChangeWording.onCancel($0, catalog: catalog) },
            canCancel: subscription.isActive && subscription.willAutoRenew,
            canResume: subscription.isActive && !subscription.willAutoRenew)
    }
}
