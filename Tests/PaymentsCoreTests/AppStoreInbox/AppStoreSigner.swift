import Foundation
@testable import PaymentsCore

/// Signs notifications, transactions and renewal info as the App Store would: with the chain in
/// the store's `transaction-signing/` folder, at the fixture clock's time unless told otherwise.
struct AppStoreSigner {
    let authority: TransactionSigningAuthority
    let store: CoreFixture

    init(_ store: CoreFixture) throws {
        var generator = SystemRandomNumberGenerator()
        authority = try TransactionSigningAuthority.loadOrCreate(.appStore, dataDirectory: store.directory,
                                                                 now: store.clock.now, using: &generator)
        self.store = store
    }

    func transaction(_ id: String, product: String, type: TransactionProductType, price: Int64, owner: String?,
                     revoked: Bool = false, bundleID: String? = nil, passExpires: Bool = true) throws -> String {
        let now = store.clock.now
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: id, bundleId: bundleID ?? CoreFixture.catalog.signingBundleID,
            productId: product, purchaseDate: now, originalPurchaseDate: now,
            expiresDate: type == .nonRenewingSubscription && passExpires ? now.addingTimeInterval(90 * 86_400) : nil,
            appTransactionId: owner,
            revocationDate: revoked ? now : nil, revocationReason: revoked ? .other : nil, environment: .sandbox,
            storefront: "USA", storefrontId: "143441", price: price, currency: "USD", type: type, quantity: 1,
            signedDate: now)
        return try authority.sign(payload)
    }

    /// A period of an auto-renewable subscription: `days` long from `start`, part of the
    /// subscription whose first transaction is `original`.
    func period(_ id: String, of original: String, product: String, price: Int64, owner: String, start: Date,
                days: Int, firstBought: Date? = nil, offer: TransactionOfferType? = nil, revoked: Date? = nil) throws -> String {
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: original, bundleId: CoreFixture.catalog.signingBundleID,
            productId: product, purchaseDate: start, originalPurchaseDate: firstBought ?? start,
            expiresDate: start.addingTimeInterval(Double(days) * 86_400), offerType: offer, appTransactionId: owner,
            revocationDate: revoked, revocationReason: revoked == nil ? nil : .other, environment: .sandbox,
            storefront: "USA", storefrontId: "143441", price: price, currency: "USD", type: .autoRenewableSubscription,
            quantity: 1, signedDate: store.clock.now)
        return try authority.sign(payload)
    }

    func renewalInfo(of original: String, product: String, renewsInto next: String? = nil, autoRenews: Bool = true,
                     graceEnds: Date? = nil, renewalPrice: Int64? = nil) throws -> String {
        let now = store.clock.now
        let payload = RenewalInfoPayload(
            originalTransactionId: original, productId: product, autoRenewProductId: next ?? product,
            autoRenewStatus: autoRenews ? 1 : 0, expirationIntent: nil, gracePeriodExpiresDate: graceEnds,
            isInBillingRetryPeriod: nil, environment: .sandbox, recentSubscriptionStartDate: now, renewalDate: now,
            renewalPrice: renewalPrice, currency: renewalPrice == nil ? nil : "USD", appTransactionId: nil, signedDate: now)
        return try authority.sign(encodedPayload: try TransactionJSONCoding.makeEncoder().encode(payload))
    }

    func notification(_ type: String, _ subtype: String? = nil, transaction: String?, renewal: String? = nil,
                      uuid: String = UUID().uuidString, bundleID: String? = nil, signedAt: Date? = nil) throws -> String {
        let payload = StoreNotificationPayload(
            notificationType: type, subtype: subtype, notificationUUID: uuid,
            data: .init(bundleId: bundleID ?? CoreFixture.catalog.signingBundleID, bundleVersion: "1.0",
                        environment: .sandbox, signedTransactionInfo: transaction, signedRenewalInfo: renewal, status: nil),
            version: "2.0", signedDate: signedAt ?? store.clock.now)
        return try authority.sign(encodedPayload: try TransactionJSONCoding.makeEncoder().encode(payload))
    }
}
