import Foundation
import PaymentsCore

/// The App Store's signed renewal info (`JWSRenewalInfoDecodedPayload`) of one of its
/// subscriptions: what the next renewal will be, signed as it stands now, since renewal info
/// describes the present and is never cached like a transaction.
enum AppStoreRenewalInfo {
    static func signed(_ subscription: AppStoreSubscription, catalog: Catalog, signedAt: Date,
                       signing: TransactionSigningAuthority) throws -> SignedRenewalInfo {
        let price = subscription.standing.flatMap(TermsCalculator(catalog: catalog).renewalListPrice)
        let ended = subscription.state == .expired || subscription.state == .revoked
        let payload = RenewalInfoPayload(
            originalTransactionId: subscription.originalTransactionID, productId: subscription.productID,
            autoRenewProductId: subscription.pendingProductID ?? subscription.productID,
            autoRenewStatus: subscription.willAutoRenew && subscription.isLive ? 1 : 0,
            expirationIntent: ended ? RenewalInfoPayload.expirationIntent(subscription.expirationReason) : nil,
            gracePeriodExpiresDate: subscription.state == .inGracePeriod ? subscription.graceEndsAt : nil,
            isInBillingRetryPeriod: subscription.isLive
                ? subscription.state == .inBillingRetryPeriod || subscription.state == .inGracePeriod : nil,
            environment: catalog.signingEnvironment, recentSubscriptionStartDate: subscription.originalPurchase,
            renewalDate: subscription.periodEnd, renewalPrice: try price.map { try $0.milliunits },
            currency: price?.currency.code, appTransactionId: subscription.accountID, signedDate: signedAt)
        do {
            let jws = try signing.sign(encodedPayload: TransactionJSONCoding.makeEncoder().encode(payload))
            return SignedRenewalInfo(subscriptionID: subscription.originalTransactionID, payload: payload, jws: jws)
        } catch {
            throw PaymentsError.storage("the App Store could not sign the renewal info of \(subscription.originalTransactionID): \(error)")
        }
    }
}
