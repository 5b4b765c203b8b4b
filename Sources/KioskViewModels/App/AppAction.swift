import PaymentsCore

public enum AppAction: Equatable, Sendable {
    case launched
    case sessionLoaded(Result<Account?, ScreenError>)
    case selectTab(AppTab)
    case back
    case toggleHelp
    case dismissToast(id: Int64)
    /// The host's timer: read the change feed.
    case pollChanges
    case changesReceived(Result<[StoreEvent], ScreenError>)
    case paywall(PaywallAction)
    case plans(PlanComparisonAction)
    case billing(BillingHistoryAction)
    case checkout(CheckoutAction)
    case settings(SettingsAction)
}
