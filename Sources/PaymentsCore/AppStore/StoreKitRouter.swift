/// The customer's side of the two parties, as an app sees them: what the merchant sold it
/// answers, and what the App Store sold goes to the App Store (StoreKit's refund request), whose
/// notification then tells the merchant. The storefront (`PaymentsClient.live`) and the customer
/// API route through it, so a customer refunds any purchase from the same place.
public struct StoreKitRouter: Sendable {
    public let merchant: any PaymentsService
    public let appStore: any AppStoreService

    public init(merchant: any PaymentsService, appStore: any AppStoreService) {
        self.merchant = merchant
        self.appStore = appStore
    }

    /// The merchant's refund, or for an App Store sale the App Store's, answered as the merchant
    /// booked it; a retry with the same key answers the same refund.
    public func refund(invoiceID: String, idempotencyKey: String?) async throws -> RefundOutcome {
        do {
            return try await merchant.refund(invoiceID: invoiceID, idempotencyKey: idempotencyKey)
        } catch let PaymentsError.soldByAppStore(transactionID) {
            try await appStore.requestRefund(transactionID: transactionID)
            do {
                return try await merchant.refund(invoiceID: invoiceID, idempotencyKey: idempotencyKey)
            } catch PaymentsError.soldByAppStore {
                throw PaymentsError.storage("the App Store refunded transaction \(transactionID) but the merchant did not book it")
            }
        }
    }
}
