import Foundation

/// One subscription's status in the words of each store and billing provider, so QA engineers
/// and support staff can match Kiosk's state to the dashboard or API they know.
///
/// Kiosk's state is StoreKit 2's renewal state plus the period type and auto-renew flag; every
/// other provider's term is derived from those. Some terms never occur because Kiosk has no
/// matching state: no subscription exists before its first payment succeeds (so Stripe's
/// `incomplete`/`incomplete_expired`, Dodo's `pending`/`failed` and RevenueCat's `incomplete`
/// never appear), subscriptions start at purchase (no Chargebee `future`), and there is no
/// pause (no `paused` anywhere, no Dodo hold other than a billing issue).
public struct SubscriptionStatusVocabulary: Hashable, Sendable, Codable {
    public var subscriptionID: String
    public var terms: [Provider: String]

    public init(_ subscription: Subscription) {
        subscriptionID = subscription.id
        terms = Self.terms(for: subscription)
    }

    /// The term of one provider.
    public subscript(provider: Provider) -> String? { terms[provider] }

    /// The terms in `Provider` order, for tables.
    public var ordered: [(provider: Provider, term: String)] {
        Provider.allCases.compactMap { provider in terms[provider].map { (provider, $0) } }
    }

    public static func terms(for subscription: Subscription) -> [Provider: String] {
        [
            .storeKit: storeKit(subscription),
            .stripe: stripe(subscription),
            .revenueCat: revenueCat(subscription),
            .chargebee: chargebee(subscription),
            .dodoPayments: dodoPayments(subscription),
        ]
    }

    /// StoreKit 2's `Product.SubscriptionInfo.RenewalState`, which Kiosk stores as is.
    public static func storeKit(_ subscription: Subscription) -> String { subscription.state.rawValue }

    /// Stripe's `subscription.status`. Cancelling at period end keeps `trialing`/`active` (Stripe
    /// only sets `cancel_at_period_end`). A failed renewal is `past_due` while Kiosk retries, with
    /// or without access. When retries run out Kiosk ends the subscription and marks the invoice
    /// uncollectible, which is Stripe's "cancel the subscription" retry setting, so it reads
    /// `canceled`, not `unpaid` (unpaid subscriptions stay open for later payment; Kiosk's do not).
    public static func stripe(_ subscription: Subscription) -> String {
        switch subscription.state {
        case .subscribed: subscription.periodType == .trial ? "trialing" : "active"
        case .inGracePeriod, .inBillingRetryPeriod: "past_due"
        case .expired, .revoked: "canceled"
        }
    }

    /// RevenueCat's subscription `status` (REST API v2). A refund or revocation removes access,
    /// which RevenueCat reports as `expired`. Auto-renew is a separate field there, so turning it
    /// off does not change the status.
    public static func revenueCat(_ subscription: Subscription) -> String {
        switch subscription.state {
        case .subscribed: subscription.periodType == .trial ? "trialing" : "active"
        case .inGracePeriod: "in_grace_period"
        case .inBillingRetryPeriod: "in_billing_retry"
        case .expired, .revoked: "expired"
        }
    }

    /// Chargebee's `subscription.status`. Chargebee keeps a subscription `active` through dunning
    /// (the unpaid invoice carries the problem), so grace and billing retry read `active`, or
    /// `non_renewing` once auto-renew is off. A trial set to cancel stays `in_trial` until it ends.
    public static func chargebee(_ subscription: Subscription) -> String {
        switch subscription.state {
        case .subscribed where subscription.periodType == .trial: "in_trial"
        case .subscribed, .inGracePeriod, .inBillingRetryPeriod: subscription.willAutoRenew ? "active" : "non_renewing"
        case .expired, .revoked: "cancelled"
        }
    }

    /// Dodo Payments' subscription `status`. Dodo puts a subscription `on_hold` as soon as a
    /// renewal payment fails and has no grace period, so both grace and billing retry are
    /// `on_hold`. An end somebody chose (auto-renew off, price increase refused, refund or
    /// revocation) is `cancelled`; an end nobody chose (retries exhausted, product withdrawn) is
    /// `expired`.
    public static func dodoPayments(_ subscription: Subscription) -> String {
        switch subscription.state {
        case .subscribed: "active"
        case .inGracePeriod, .inBillingRetryPeriod: "on_hold"
        case .revoked: "cancelled"
        case .expired:
            switch subscription.expirationReason {
            case .autoRenewDisabled?, .didNotConsentToPriceIncrease?: "cancelled"
            case .billingError?, .productUnavailable?, .unknown?, nil: "expired"
            }
        }
    }
}
