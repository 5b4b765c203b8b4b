import Foundation
import PaymentsCore

/// One transaction of the App Store's, signed with its chain: a sale of a one-time product through
/// the sheet, priced from the catalog (App Store Connect's price list) in the customer's currency
/// less an offer code's discount; a period of a subscription it bills; either signed again when
/// refunded or upgraded; and the notifications that tell the merchant.
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

    /// The sale refunded at `date`: Apple's revoked transaction, signed again.
    init(refunding sold: TransactionPayload, at date: Date, signedAt: Date, signing: TransactionSigningAuthority) throws {
        try self.init(resigning: sold, revokedAt: date, upgraded: sold.isUpgraded, signedAt: signedAt, signing: signing)
    }

    /// A transaction signed again with its revocation or its upgrade (`isUpgraded`: a
    /// subscription's period cut short by an upgrade). Built through the payload's initializer,
    /// which rounds its dates as a token carries them.
    init(resigning sold: TransactionPayload, revokedAt date: Date?, upgraded: Bool?, signedAt: Date,
         signing: TransactionSigningAuthority) throws {
        let revoked = TransactionPayload(
            transactionId: sold.transactionId, originalTransactionId: sold.originalTransactionId,
            webOrderLineItemId: sold.webOrderLineItemId, bundleId: sold.bundleId, productId: sold.productId,
            subscriptionGroupIdentifier: sold.subscriptionGroupIdentifier, purchaseDate: sold.purchaseDate,
            originalPurchaseDate: sold.originalPurchaseDate, expiresDate: sold.expiresDate, offerType: sold.offerType,
            offerIdentifier: sold.offerIdentifier, offerDiscountType: sold.offerDiscountType, offerPeriod: sold.offerPeriod,
            isUpgraded: upgraded, transactionReason: sold.transactionReason, appTransactionId: sold.appTransactionId,
            revocationDate: date ?? sold.revocationDate, revocationReason: date == nil ? sold.revocationReason : .other,
            environment: sold.environment, storefront: sold.storefront,
            storefrontId: sold.storefrontId, price: sold.price, currency: sold.currency, appAccountToken: sold.appAccountToken,
            type: sold.type, quantity: sold.quantity, signedDate: signedAt, inAppOwnershipType: sold.inAppOwnershipType)
        try self.init(revoked, signing: signing)
    }

    /// One period of a subscription the App Store bills: its first purchase, a renewal, an
    /// upgrade. Every transaction of one subscription names its first (`originalTransactionId`).
    init(period terms: PeriodTerms, account: Account, transactionID: String, original: (id: String, purchase: Date)?,
         webOrderLineItemID: String, reason: TransactionReason, appAccountToken: UUID?, at now: Date, catalog: Catalog,
         signedAt: Date, signing: TransactionSigningAuthority) throws {
        let payload = TransactionPayload(
            transactionId: transactionID, originalTransactionId: original?.id ?? transactionID,
            webOrderLineItemId: webOrderLineItemID, bundleId: catalog.signingBundleID, productId: terms.product.id,
            subscriptionGroupIdentifier: catalog.group, purchaseDate: now, originalPurchaseDate: original?.purchase ?? now,
            expiresDate: terms.end, offerType: terms.offerType, offerIdentifier: terms.offer.identifier,
            offerDiscountType: terms.offer.discountType, offerPeriod: terms.offer.period, transactionReason: reason,
            appTransactionId: account.id, environment: catalog.signingEnvironment, storefront: account.storefront,
            storefrontId: TransactionPayload.storefrontID(account.storefront), price: try terms.price.milliunits,
            currency: terms.listPrice.currency.code, appAccountToken: appAccountToken, type: .autoRenewableSubscription,
            quantity: 1, signedDate: signedAt)
        try self.init(payload, signing: signing)
    }

    private init(_ payload: TransactionPayload, signing: TransactionSigningAuthority) throws {
        do {
            payloadJSON = String(decoding: try TransactionJSONCoding.makeEncoder().encode(payload), as: UTF8.self)
            transaction = SignedTransaction(jws: try signing.sign(payload), payload: payload)
        } catch {
            throw PaymentsError.storage("the App Store could not sign transaction \(payload.transactionId): \(error)")
        }
    }

    /// An App Store Server Notification (V2), its `signedPayload`: about a sale (ONE_TIME_CHARGE,
    /// REFUND), about a subscription with its renewal info and status at the time, or about
    /// nothing (TEST).
    static func notification(_ type: String, subtype: String? = nil, about transaction: SignedTransaction?,
                             renewalInfo: String? = nil, status: Int? = nil, uuid: String, catalog: Catalog,
                             signedAt: Date, signing: TransactionSigningAuthority) throws -> String {
        let notification = StoreNotificationPayload(
            notificationType: type, subtype: subtype, notificationUUID: uuid,
            data: .init(bundleId: catalog.signingBundleID, bundleVersion: "1.0", environment: catalog.signingEnvironment,
                        signedTransactionInfo: try transaction?.jws, signedRenewalInfo: renewalInfo, status: status),
            version: "2.0", signedDate: signedAt)
        do {
            return try signing.sign(encodedPayload: TransactionJSONCoding.makeEncoder().encode(notification))
        } catch {
            throw PaymentsError.storage("the App Store could not sign notification \(uuid): \(error)")
        }
    }
}
