import PaymentsCore

public enum AppAction: Equatable, Sendable {
    case launched
    case sessionLoaded(Result<Account?, ScreenError>)
    case selectTab(AppTab)
    case back
    case toggleHelp
    case dismissToast(id: Int64)
    /// The host's timer: read the change feed, and ask how a waiting ask-to-buy request stands.
    case pollChanges
    case changesReceived(Result<[StoreEvent], ScreenError>)
    /// The first read of the feed: where it ends, so only what happens from now on is news.
    case feedPositioned(Result<Int64, ScreenError>)
    /// How the ask-to-buy requests left waiting stand now: nil for one the store no longer knows
    /// (cleared or restored away); one that could not be read is left out and asked again.
    case askedToBuyChecked([String: PendingPurchaseStatus?])
    case paywall(PaywallAction)
    case plans(PlanComparisonAction)
    case billing(BillingHistoryAction)
    case checkout(CheckoutAction)
    case settings(SettingsAction)
}
