import Foundation
import GRDB

extension TransactionRecord {
    /// GRDB's own fetches read the row the same way.
    init(row: Row) throws {
        try self.init(storeRow: row)
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
