/// The customer's side of the two parties, as an app sees them: what the merchant sold or bills
/// it answers, and what the App Store sold or bills goes to the App Store (StoreKit's refund
/// request, the App Store's subscription settings), whose notification then tells the merchant;
/// the answer is the merchant's books after that. The storefront (`Storefront.live`) and the
/// customer API route through it, so a customer manages any purchase from the same place. Each
/// call reads who bills (or sold) the thing once and calls that party; it never tries the
/// merchant to learn from its refusal.
public struct StoreKitRouter: Sendable {
    public let merchant: any PaymentsService
    public let appStore: any AppStoreService

    public init(merchant: any PaymentsService, appStore: any AppStoreService) {
        self.merchant = merchant
        self.appStore = appStore
    }

    /// The merchant's refund, or for an App Store sale the App Store's, answered as the merchant
    /// booked it; a retry with the same key answers the same refund. Only a paid sale with money
    /// to give back goes to the App Store (`refundingParty`): otherwise the merchant answers (the
    /// refund it already booked, or nothing to refund).
    public func refund(invoiceID: String, idempotencyKey: String?) async throws -> RefundOutcome {
        if case let .appStore(transactionID) = try await merchant.refundingParty(invoiceID: invoiceID) {
            try await appStore.requestRefund(transactionID: transactionID)
        }
        do {
            return try await merchant.refund(invoiceID: invoiceID, idempotencyKey: idempotencyKey)
        } catch let PaymentsError.soldByAppStore(transactionID) {
            throw PaymentsError.storage("the App Store refunded transaction \(transactionID) but the merchant did not book it")
        }
    }

    public func cancelAtPeriodEnd(subscriptionID: String, reason: CancellationReason?) async throws -> Subscription {
        let (accountID, party) = try await merchant.billingParty(subscriptionID: subscriptionID)
        guard case let .appStore(original) = party else {
            return try await merchant.cancelAtPeriodEnd(subscriptionID: subscriptionID, reason: reason)
        }
        try await appStore.setAutoRenew(originalTransactionID: original, enabled: false)
        return try await merchant.subscription(subscriptionID, of: accountID)
    }

    public func resume(subscriptionID: String) async throws -> Subscription {
        let (accountID, party) = try await merchant.billingParty(subscriptionID: subscriptionID)
        guard case let .appStore(original) = party else {
            return try await merchant.resume(subscriptionID: subscriptionID)
        }
        try await appStore.setAutoRenew(originalTransactionID: original, enabled: true)
        return try await merchant.subscription(subscriptionID, of: accountID)
    }

    public func previewPlanChange(subscriptionID: String, toProductID: String) async throws -> PlanChangePreview {
        guard case let .appStore(original) = try await merchant.billingParty(subscriptionID: subscriptionID).party else {
            return try await merchant.previewPlanChange(subscriptionID: subscriptionID, toProductID: toProductID)
        }
        var preview = try await appStore.previewPlanChange(originalTransactionID: original, toProductID: toProductID)
        preview.subscriptionID = subscriptionID
        return preview
    }

    /// The App Store's change answers as the merchant booked it: a change made now with the
    /// invoice its new transaction was booked on.
    public func changePlan(_ request: PlanChangeRequest) async throws -> PlanChangeOutcome {
        let (accountID, party) = try await merchant.billingParty(subscriptionID: request.subscriptionID)
        guard case let .appStore(original) = party else { return try await merchant.changePlan(request) }
        guard let transactionID = try await appStore.changePlan(originalTransactionID: original,
                                                               toProductID: request.toProductID) else {
            return .scheduled(subscription: try await merchant.subscription(request.subscriptionID, of: accountID))
        }
        guard let booked = try await merchant.storePurchaseRecord(transactionID: transactionID) else {
            throw PaymentsError.storage("the App Store changed \(original) with transaction \(transactionID) but the merchant did not book it")
        }
        return .changed(subscription: try await merchant.subscription(request.subscriptionID, of: accountID), invoice: booked.invoice)
    }
}
