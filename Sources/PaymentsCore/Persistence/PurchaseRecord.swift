import Foundation
import GRDB

/// A one-time purchase (consumable, non-consumable or non-renewing pass).
struct PurchaseRecord: StoreRecord {
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
    func insertRow(_ db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO purchases(id, account_id, product_id, type, purchased_at, expires_at, revoked_at, invoice_id,
                                  points, billing)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [id, accountID, productID, type.rawValue, purchasedAt.milliseconds,
                                     expiresAt?.milliseconds, revokedAt?.milliseconds, invoiceID, points,
                                     billing.rawValue])
    }
}
