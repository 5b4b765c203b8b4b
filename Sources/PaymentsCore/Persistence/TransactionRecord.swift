import Foundation
import GRDB

/// A store transaction. `payload` holds the exact JSON bytes its token signs and is the record of
/// truth; the other columns index it. `jws` is empty until the token is first needed (see
/// `TransactionToken` for why signing is deferred) and then caches the signed token. Rows written
/// before the payload column existed have only `jws`, signed when they were recorded.
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
