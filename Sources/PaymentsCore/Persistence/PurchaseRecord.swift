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
