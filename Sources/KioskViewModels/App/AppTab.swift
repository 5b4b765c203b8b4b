public enum AppTab: String, Hashable, Sendable, CaseIterable {
    case paywall, plans, billing, settings

    public var title: String {
        switch self {
        case .paywall: "Store"
        case .plans: "Plans"
        case .billing: "Billing"
        case .settings: "Settings"
        }
    }
}
