/// The paywall's main button, worded by the account's state and the selected package.
public enum CallToAction: Hashable, Sendable {
    case startFreeTrial
    case subscribe
    case upgrade
    case buy
    case currentPlan

    public var title: String {
        switch self {
        case .startFreeTrial: "Start free trial"
        case .subscribe: "Subscribe"
        case .upgrade: "Upgrade"
        case .buy: "Buy"
        case .currentPlan: "Current plan"
        }
    }

    public var isEnabled: Bool { self != .currentPlan }
}
