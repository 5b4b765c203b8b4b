/// How the customer pays at checkout.
public enum PaymentChoice: Hashable, Sendable {
    case savedCard(paymentMethodID: String)
    case newCard
    /// Billed by the store account (StoreKit-style), confirmed in a sheet.
    case storeAccount
    /// A hosted checkout page opened in the browser.
    case browser
}
