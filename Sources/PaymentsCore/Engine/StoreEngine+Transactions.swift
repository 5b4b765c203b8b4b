import Foundation
import GRDB

extension StoreEngine {
    /// Every purchase, renewal and plan change is recorded as a StoreKit-style transaction and
    /// signed (ES256, x5c chain) in the same database transaction as the money it moved.
    func issueTransaction(account: AccountRecord, product: CatalogProduct, subscription: SubscriptionRecord?,
                          invoice: Invoice, purchaseDate: Date, expires: Date?, offerType: TransactionOfferType?,
                          appAccountToken: UUID? = nil) throws -> SignedTransaction {
        let number = try nextSequence("transaction")
        let id = String(2_000_000_000_000_000 + number)
        let type: TransactionProductType
        switch product {
        case .subscription: type = .autoRenewableSubscription
        case let .oneTime(oneTime):
            switch oneTime.type {
            case .consumable: type = .consumable
            case .nonConsumable: type = .nonConsumable
            case .nonRenewing: type = .nonRenewingSubscription
            }
        }
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: subscription?.originalTransactionID ?? id,
            bundleId: Self.bundleID, productId: product.id,
            subscriptionGroupIdentifier: subscription == nil ? nil : catalog.group,
            purchaseDate: purchaseDate, originalPurchaseDate: subscription?.originalPurchase ?? purchaseDate,
            expiresDate: expires, offerType: offerType, environment: .localTesting, storefront: account.storefront,
            storefrontId: Self.storefrontID(account.storefront), price: invoice.total.minorUnits,
            currency: invoice.total.currency.code, appAccountToken: appAccountToken, type: type, quantity: 1,
            signedDate: systemNow)
        let jws = try sign(payload)
        try TransactionRecord(id: id, originalID: payload.originalTransactionId, accountID: account.id,
                              productID: product.id, subscriptionID: subscription?.id, invoiceID: invoice.id,
                              purchaseDate: purchaseDate, expiresDate: expires, revocationDate: nil, jws: jws).insert(db)
        return SignedTransaction(jws: jws, payload: payload)
    }

    /// Marks the transactions an invoice paid for as revoked and signs them again, as the App Store
    /// does after a refund, so a client re-verifying sees the revocation.
    func revokeTransactions(invoiceID: String? = nil, subscriptionID: String? = nil, at date: Date,
                            reason: TransactionRevocationReason) throws {
        var query = TransactionRecord.filter(sql: "revocation_date IS NULL")
        if let invoiceID { query = query.filter(sql: "invoice_id = ?", arguments: [invoiceID]) }
        if let subscriptionID { query = query.filter(sql: "subscription_id = ?", arguments: [subscriptionID]) }
        for var record in try query.fetchAll(db) {
            guard var payload = try? CompactJWS.payload(of: record.jws) else { continue }
            payload.revocationDate = date
            payload.revocationReason = reason
            payload.signedDate = systemNow
            record.jws = try sign(payload)
            record.revocationDate = date
            try record.update(db)
        }
    }

    func transactions(accountID: String, limit: Int) throws -> [SignedTransaction] {
        try TransactionRecord.filter(sql: "account_id = ?", arguments: [accountID])
            .order(sql: "purchase_date DESC, id DESC").limit(min(max(limit, 1), 1000)).fetchAll(db)
            .compactMap { record in (try? CompactJWS.payload(of: record.jws)).map { SignedTransaction(jws: record.jws, payload: $0) } }
    }

    private func sign(_ payload: TransactionPayload) throws -> String {
        do {
            return try signer.sign(payload)
        } catch {
            throw PaymentsError.storage("could not sign a transaction: \(error)")
        }
    }

    static let bundleID = "dev.kiosk.store"

    /// App Store storefront ids for common storefronts (StoreKit's `Storefront.id`).
    static func storefrontID(_ countryCode: String) -> String {
        let ids = ["USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "CAN": "143455",
                   "AUS": "143460", "JPN": "143462", "ITA": "143450", "ESP": "143454", "NLD": "143452"]
        return ids[countryCode] ?? "0"
    }
}
