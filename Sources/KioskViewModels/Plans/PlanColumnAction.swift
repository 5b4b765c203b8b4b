/// What choosing a plan column would do for this account.
public enum PlanColumnAction: Hashable, Sendable {
    /// No subscription yet: buy it through checkout.
    case subscribe
    case upgrade
    case downgrade
    case crossgrade
    /// Free while subscribed: cancel at the end of the period.
    case cancelToFree
    case current
    /// The plan change already scheduled for the renewal: not offered again (undone in Settings).
    case scheduled
    /// A plan below the one a pass or unlock gives, with no subscription to change: nothing to do.
    case included

    /// Choosing the column does nothing: it is the plan the account is on, or below it.
    public var isInert: Bool { self == .current || self == .included || self == .scheduled }

    public var title: String {
        switch self {
        case .subscribe: "Subscribe"
        case .upgrade: "Upgrade"
        case .downgrade: "Downgrade"
        case .crossgrade: "Switch"
        case .cancelToFree: "Switch to Free"
        case .current: "Current plan"
        case .scheduled: "Scheduled"
        case .included: "Included"
        }
    }
}
