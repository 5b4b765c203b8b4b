import Foundation

extension TransactionIssuer {
    /// The renewal info the outbox signs into a notification it collected from the merchant's
    /// events before v27 (the in-core store's subscriptions): from the merchant's row, signed now.
    /// Since v27 the App Store signs its own (`AppStoreRenewalInfo` in the simulator) and stores
    /// it with each notification; this goes with the legacy collector (design stage 6).
    func signedRenewalInfo(accountID: String) async throws -> [SignedRenewalInfo] {
        let account = try await account(accountID)
        return try await customerAccess.subscriptions(accountID: accountID).compactMap { subscription in
            guard subscription.billing == .store, let original = subscription.originalTransactionID else { return nil }
            let next = subscription.pendingProductID ?? subscription.productID
            let renewal = renewalPrice(subscription, productID: next)
            let payload = RenewalInfoPayload(
                originalTransactionId: original, productId: subscription.productID, autoRenewProductId: next,
                autoRenewStatus: subscription.willAutoRenew && subscription.state.isRenewable ? 1 : 0,
                expirationIntent: subscription.state == .expired || subscription.state == .revoked
                    ? RenewalInfoPayload.expirationIntent(subscription.expirationReason) : nil,
                gracePeriodExpiresDate: subscription.state == .inGracePeriod ? subscription.graceEndsAt : nil,
                isInBillingRetryPeriod: subscription.state.isRenewable
                    ? subscription.state == .inBillingRetryPeriod || subscription.state == .inGracePeriod : nil,
                environment: catalog.signingEnvironment, recentSubscriptionStartDate: subscription.originalPurchase,
                renewalDate: subscription.periodEnd, renewalPrice: try renewal.map { try $0.milliunits },
                currency: renewal?.currency.code, appTransactionId: account.id, signedDate: systemNow)
            let encoded: Data
            do {
                encoded = try TransactionJSONCoding.makeEncoder().encode(payload)
            } catch {
                throw PaymentsError.storage("renewal info of \(subscription.id) cannot be encoded: \(error)")
            }
            return SignedRenewalInfo(subscriptionID: subscription.id, payload: payload, jws: try sign(encoded: encoded, by: .appStore))
        }
    }

    /// The next period's list price in the subscription's currency (a price override stays with
    /// its product); nil when the product is no longer sold in that currency.
    private func renewalPrice(_ subscription: SubscriptionRecord, productID: String) -> Money? {
        guard case let .subscription(_, product) = catalog.product(id: productID) else { return nil }
        if productID == subscription.productID, let override = subscription.priceOverride {
            return Money(minorUnits: override, currency: subscription.currencyValue)
        }
        return catalog.price(base: product.price, overrides: product.prices, in: subscription.currencyValue)
    }
}

private extension RenewalState {
    /// Still a subscription that may renew (not ended for good).
    var isRenewable: Bool { self == .subscribed || self == .inGracePeriod || self == .inBillingRetryPeriod }
}
