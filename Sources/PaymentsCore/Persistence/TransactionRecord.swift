import Foundation
import GRDB

/// A signed store transaction. The JWS is the record of truth; the other columns index it.
struct TransactionRecord: StoreRecord {
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
}
