import Foundation
import PaymentsCore

/// One sale of a one-time product through the App Store's sheet, signed with its chain: the
/// transaction priced from the catalog (App Store Connect's price list) in the customer's currency,
/// less an offer code's discount, or the same sale refunded; and the notifications that tell the
/// merchant of either.
struct AppStoreSale {
    let transaction: SignedTransaction
    /// The payload as stored, for reading the sale again.
    let payloadJSON: String

    init(product: OneTimeProduct, account: Account, request: StorePurchaseRequest, transactionID: String, at now: Date,
         catalog: Catalog, signedAt: Date, signing: TransactionSigningAuthority) throws {
        guard let regular = catalog.price(base: product.price, overrides: product.prices, in: account.currency) else {
            throw PaymentsError.productNotSoldInCurrency(productID: product.id, currency: account.currency.code)
        }
        var price = regular
        let code = request.offerCode.flatMap { catalog.offerCode($0.trimmingCharacters(in: .whitespaces)) }
        if let code, let off = catalog.discount(code, on: regular) {
            price = try regular.subtracting(off)
        }
        let payload = TransactionPayload(
            transactionId: transactionID, originalTransactionId: transactionID, bundleId: catalog.signingBundleID,
            productId: product.id, purchaseDate: now, originalPurchaseDate: now,
            offerType: code == nil ? nil : .offerCode, offerIdentifier: code?.code, offerDiscountType: code == nil ? nil : .oneTime,
            transactionReason: .purchase,
            // One app transaction per Apple Account and app; the sandbox's tester is the customer.
            appTransactionId: account.id, environment: catalog.signingEnvironment, storefront: account.storefront,
            storefrontId: TransactionPayload.storefrontID(account.storefront), price: try price.milliunits,
            currency: price.currency.code, appAccountToken: request.appAccountToken, type: product.type.transactionType,
            quantity: 1, signedDate: signedAt)
        try self.init(payload, signing: signing)
    }

    /// The sale refunded at `date`: Apple's revoked transaction, signed again. Built through the
    /// payload's initializer, which rounds its dates as a token carries them.
    init(refunding sold: TransactionPayload, at date: Date, signedAt: Date, signing: TransactionSigningAuthority) throws {
        let revoked = TransactionPayload(
            transactionId: sold.transactionId, originalTransactionId: sold.originalTransactionId,
            webOrderLineItemId: sold.webOrderLineItemId, bundleId: sold.bundleId, productId: sold.productId,
            subscriptionGroupIdentifier: sold.subscriptionGroupIdentifier, purchaseDate: sold.purchaseDate,
            originalPurchaseDate: sold.originalPurchaseDate, expiresDate: sold.expiresDate, offerType: sold.offerType,
            offerIdentifier: sold.offerIdentifier, offerDiscountType: sold.offerDiscountType, offerPeriod: sold.offerPeriod,
            isUpgraded: sold.isUpgraded, transactionReason: sold.transactionReason, appTransactionId: sold.appTransactionId,
            revocationDate: date, revocationReason: .other, environment: sold.environment, storefront: sold.storefront,
            storefrontId: sold.storefrontId, price: sold.price, currency: sold.currency, appAccountToken: sold.appAccountToken,
            type: sold.type, quantity: sold.quantity, signedDate: signedAt, inAppOwnershipType: sold.inAppOwnershipType)
        try self.init(revoked, signing: signing)
    }

    private init(_ payload: TransactionPayload, signing: TransactionSigningAuthority) throws {
        do {
            payloadJSON = String(decoding: try TransactionJSONCoding.makeEncoder().encode(payload), as: UTF8.self)
            transaction = SignedTransaction(jws: try signing.sign(payload), payload: payload)
        } catch {
            throw PaymentsError.storage("the App Store could not sign transaction \(payload.transactionId): \(error)")
        }
    }

    /// An App Store Server Notification (V2) about a sale (ONE_TIME_CHARGE, REFUND), its `signedPayload`.
    static func notification(_ type: String, about transaction: SignedTransaction, uuid: String, catalog: Catalog,
                             signedAt: Date, signing: TransactionSigningAuthority) throws -> String {
        let notification = StoreNotificationPayload(
            notificationType: type, subtype: nil, notificationUUID: uuid,
            data: .init(bundleId: catalog.signingBundleID, bundleVersion: "1.0", environment: catalog.signingEnvironment,
                        signedTransactionInfo: try transaction.jws, signedRenewalInfo: nil, status: nil),
            version: "2.0", signedDate: signedAt)
        do {
            return try signing.sign(encodedPayload: TransactionJSONCoding.makeEncoder().encode(notification))
        } catch {
            throw PaymentsError.storage("the App Store could not sign notification \(uuid): \(error)")
        }
    }
}
