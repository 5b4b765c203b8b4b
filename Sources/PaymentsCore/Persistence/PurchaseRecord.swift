import Foundation

/// A one-time purchase (consumable, non-consumable or non-renewing pass).
struct PurchaseRecord {
    static let databaseTableName = "purchases"

    var id: String
    var accountID: String
    var productID: String
    var type: OneTimeProduct.Kind
    var purchasedAt: Date
    var expiresAt: Date?
    var revokedAt: Date?
    var invoiceID: String
    var points: Int64
    var billing: Billing
}

extension PurchaseRecord {
    /// Written column by column with one cached statement: every purchase inserts one, and the
    /// generic record insert (encoder, column mapping, a statement built per call) cost about a
    /// sixth of a purchase (BENCHMARKS.md, durable purchase).
    func insert(into store: any StoreTransaction) async throws {
        try await store.execute("""
            INSERT INTO purchases(id, account_id, product_id, type, purchased_at, expires_at, revoked_at, invoice_id,
                                  points, billing)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, accountID, productID, type.rawValue, purchasedAt, expiresAt, revokedAt, invoiceID, points,
                  billing.rawValue])
    }

    /// A purchase changes only when it is revoked.
    func updateRevocation(in store: any StoreTransaction) async throws {
        try await store.execute("UPDATE purchases SET revoked_at = ? WHERE id = ?", [revokedAt, id])
    }
}

extension PurchaseRecord: StoreDecodable {
    /// Decoded column by column: customer info reads every purchase of the account on each
    /// `GET /v1/customer`, and the Codable path (a container and a key conversion per column) was
    /// 28 % of a served benchmark's samples once the customer had bought 4,000 times.
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        accountID = try row.get("account_id")
        productID = try row.get("product_id")
        type = try row.storedValue(OneTimeProduct.Kind.self, table: Self.databaseTableName, column: "type")
        purchasedAt = try row.get("purchased_at")
        expiresAt = try row.get("expires_at") as Date?
        revokedAt = try row.get("revoked_at") as Date?
        invoiceID = try row.get("invoice_id")
        points = try row.get("points")
        billing = try row.storedValue(Billing.self, table: Self.databaseTableName, column: "billing")
    }
}
