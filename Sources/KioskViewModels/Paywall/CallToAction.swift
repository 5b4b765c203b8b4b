/// The paywall's main button, worded by the account's state and the selected package.
public enum CallToAction: Hashable, Sendable {
    case startFreeTrial
    case subscribe
    case upgrade
    case downgrade
    /// Another period of the subscribed plan (a crossgrade), as Plans words it.
    case switchPlan
    case buy
    case currentPlan
    /// The change already scheduled for the renewal: not offered again.
    case scheduled
    /// A lifetime unlock the account already has: nothing to buy (issue 41, item 18).
    case owned

    public var title: String {
        switch self {
        case .startFreeTrial: "Start free trial"
        case .subscribe: "Subscribe"
        case .upgrade: "Upgrade"
        case .downgrade: "Downgrade"
        case .switchPlan: "Switch"
        case .buy: "Buy"
        case .currentPlan: "Current plan"
        case .scheduled: "Scheduled"
        case .owned: "Owned"
        }
    }

    public var isEnabled: Bool { self != .currentPlan && self != .owned && self != .scheduled }
}
