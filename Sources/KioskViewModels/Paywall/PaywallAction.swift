import PaymentsCore

public enum PaywallAction: Equatable, Sendable {
    case onAppear
    case retry
    case storeChanged
    case loaded(Result<PaywallData, ScreenError>)
    case selectPackage(productID: String)
    case selectNext
    case selectPrevious
    case continueTapped
    case restoreTapped
    case restoreFinished(Result<RestoreResult, ScreenError>)
    case closeTapped
    case delegate(Delegate)

    /// What the paywall asks of the app shell.
    public enum Delegate: Equatable, Sendable {
        case checkout(productID: String)
        /// Plans opens on the product's plan and period (Yearly + Enter used to open Monthly).
        case changePlan(productID: String)
        case close
    }
}
