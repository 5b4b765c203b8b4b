import Foundation

/// A store transaction. `payload` holds the exact JSON bytes its token signs and is the record of
/// truth; the other columns index it. `jws` is empty until the token is first needed (see
/// `TransactionToken` for why signing is deferred) and then caches the signed token. Rows written
/// before the payload column existed have only `jws`, signed when they were recorded.
struct TransactionRecord {
    static let databaseTableName = "transactions"

    var id: String
    var originalID: String
    var accountID: String
    var productID: String
    var subscriptionID: String?
    var invoiceID: String?
    var purchaseDate: Date
    var expiresDate: Date?
    var revocationDate: Date?
    var jws: String
    var payload: String?
    /// Whose chain signs the token: the party that took the money (rows older than the
    /// merchant's own chain were signed by the App Store's, and keep that token until re-signed).
    var issuer: SigningParty
}

extension SigningParty {
    /// A row's `issuer` column; a value no Kiosk writes is a storage error naming the transaction.
    static func stored(_ value: String, transactionID: String) throws -> SigningParty {
        guard let party = SigningParty(rawValue: value) else {
            throw PaymentsError.storage("transaction \(transactionID) names an unknown issuer \"\(value)\"")
        }
        return party
    }
}

extension TransactionRecord: StoreDecodable {
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        originalID = try row.get("original_id")
        accountID = try row.get("account_id")
        productID = try row.get("product_id")
        subscriptionID = try row.get("subscription_id")
        invoiceID = try row.get("invoice_id")
        purchaseDate = try row.get("purchase_date")
        expiresDate = try row.get("expires_date") as Date?
        revocationDate = try row.get("revocation_date") as Date?
        jws = try row.get("jws")
        payload = try row.get("payload")
        issuer = try SigningParty.stored(try row.get("issuer"), transactionID: id)
    }

    /// Writes back what re-signing changes: the payload, the cleared token cache and the revocation.
    func updateSignedState(in store: any StoreTransaction) async throws {
        try await store.execute("UPDATE transactions SET payload = ?, jws = ?, revocation_date = ? WHERE id = ?",
                                [payload, jws, revocationDate, id])
    }
}
