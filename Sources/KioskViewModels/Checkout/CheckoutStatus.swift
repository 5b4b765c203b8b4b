import PaymentsCore

public enum CheckoutStatus: Equatable, Sendable {
    case editing
    /// Confirming a store purchase in a sheet.
    case confirmingStorePurchase
    case processing
    /// A 3-D Secure challenge: approve or fail it.
    case authenticating(PendingAction)
    /// Ask to buy: waiting for a parent's approval.
    case pendingApproval(PendingAction)
    case browser(BrowserCheckoutPhase)
    case declined(message: String, advice: String)
    /// The outcome is unknown (the call failed): retry repeats the same attempt.
    case failed(ScreenError)
    case succeeded(CheckoutReceipt)
}
