import PaymentsCore

/// One thing the paywall sells: a subscription period of the featured plan, a lifetime unlock
/// or a points pack, already worded for display.
public struct PaywallPackage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case subscription(period: ISODuration)
        case lifetime
        case points(Int64)
        case pass(ISODuration)
    }

    public var productID: String
    public var kind: Kind
    /// "Monthly", "Yearly", "Theme pack (lifetime)", "500 points".
    public var title: String
    public var price: Money
    /// "$99.99/year, that's $8.33/month, save 17%", or "$14.99 once".
    public var priceText: String
    /// Shown only when the account is eligible: "7-day free trial, then $9.99/month".
    public var introOfferText: String?
    public var hasFreeTrial: Bool
    /// Name of the entitlement this package unlocks.
    public var entitlementName: String?
    /// Per-month price and saving of a longer period, so a screen can show them in their own
    /// columns instead of taking `priceText` apart.
    public var monthlyEquivalent: MonthlyEquivalent? = nil
}
