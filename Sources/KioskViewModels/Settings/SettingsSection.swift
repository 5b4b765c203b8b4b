/// The parts of the account manager, in the order the screen lists them.
public enum SettingsSection: String, Hashable, Sendable, CaseIterable {
    case account, subscription, paymentMethods, usage, wallet, accounts, preferences, qa

    public var title: String {
        switch self {
        case .account: "Account"
        case .subscription: "Subscription"
        case .paymentMethods: "Payment methods"
        case .usage: "Usage"
        case .wallet: "Points wallet"
        case .accounts: "Accounts"
        case .preferences: "Preferences"
        case .qa: "QA panel"
        }
    }
}
