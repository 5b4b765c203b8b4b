/// Who bills a subscription, or sold what an invoice books: the merchant itself, or the App
/// Store, whose subscriptions and sales the merchant only mirrors and books. A customer's change
/// or refund goes to that party (`StoreKitRouter`), read once before either is called.
public enum BillingParty: Hashable, Sendable {
    case merchant
    /// The App Store, which knows a subscription by its original transaction and a sale by its
    /// transaction.
    case appStore(transactionID: String)
}
