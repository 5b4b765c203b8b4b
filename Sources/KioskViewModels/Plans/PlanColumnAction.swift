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

    public var title: String {
        switch self {
        case .subscribe: "Subscribe"
        case .upgrade: "Upgrade"
        case .downgrade: "Downgrade"
        case .crossgrade: "Switch"
        case .cancelToFree: "Switch to Free"
        case .current: "Current plan"
        }
    }
}
