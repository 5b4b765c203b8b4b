/// What the confirmation on screen will do when confirmed.
public enum SettingsConfirmation: Hashable, Sendable {
    case refund(invoiceID: String)
    case removeCard(paymentMethodID: String)
    case signOut
}
