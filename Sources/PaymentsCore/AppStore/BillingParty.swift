/// Who bills a subscription, or refunds what an invoice books: the merchant itself, or the App
/// Store, whose subscriptions and sales the merchant only mirrors and books. A customer's change
/// or refund goes to that party (`StoreKitRouter`), read once before either is called.
public enum BillingParty: Hashable, Sendable {
    case merchant
    /// The App Store, which knows a subscription by its original transaction and a sale by its
    /// transaction.
    case appStore(transactionID: String)
}

extension LocalPaymentsService {
    public func billingParty(subscriptionID: String) async throws -> (accountID: String, party: BillingParty) {
        try await read { work in
            let subscription = try await work.subscription(subscriptionID)
            return (subscription.accountID, try subscription.billingParty)
        }
    }

    public func refundingParty(invoiceID: String) async throws -> BillingParty {
        try await read { work in
            let original = try await work.invoicing.invoice(invoiceID)
            return try await work.refunds.appStoreRefundDue(original).map { .appStore(transactionID: $0) } ?? .merchant
        }
    }
}
