extension LocalPaymentsService {
    public func billingParty(subscriptionID: String) async throws -> (accountID: String, party: BillingParty) {
        try await read { work in
            let subscription = try await work.subscription(subscriptionID)
            return (subscription.accountID, try subscription.billingParty)
        }
    }

    public func seller(invoiceID: String) async throws -> BillingParty {
        try await read { work in
            _ = try await work.invoicing.invoice(invoiceID)
            return try await work.refunds.appStoreSale(paidBy: invoiceID).map { .appStore(transactionID: $0) } ?? .merchant
        }
    }
}
