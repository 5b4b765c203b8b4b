import Foundation
import GRDB

struct PaymentMethodRecord: StoreRecord {
    static let databaseTableName = "payment_methods"

    var id: String
    var accountID: String
    var token: String
    var brand: String
    var last4: String
    var expMonth: Int
    var expYear: Int
    var isDefault: Bool
    var behaviour: ChargeBehaviour
    var createdAt: Date
    var removedAt: Date?
    /// The card number's keyed fingerprint; nil for methods saved without one.
    var fingerprint: String? = nil

    var paymentMethod: PaymentMethod {
        PaymentMethod(id: id, accountID: accountID, token: token, brand: brand, last4: last4, expMonth: expMonth,
                      expYear: expYear, isDefault: isDefault, behaviour: behaviour, createdAt: createdAt)
    }
}

extension PaymentMethodRecord {
    /// Reads the columns by name instead of through GRDB's Codable decoder: a purchase and every
    /// renewal read the card they charge, and the Codable path was about a thirteenth of a
    /// renewal in the profile. Decodes exactly what the Codable path wrote.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        accountID = try row.decode(forColumn: "account_id")
        token = try row.decode(forColumn: "token")
        brand = try row.decode(forColumn: "brand")
        last4 = try row.decode(forColumn: "last4")
        expMonth = try row.decode(forColumn: "exp_month")
        expYear = try row.decode(forColumn: "exp_year")
        isDefault = try row.decode(forColumn: "is_default")
        behaviour = try StoreJSONColumn.decode(ChargeBehaviour.self, from: row, column: "behaviour",
                                               common: (#"{"succeeds":{}}"#, .succeeds))
        createdAt = Date(milliseconds: try row.decode(forColumn: "created_at"))
        removedAt = try (row.decode(Int64?.self, forColumn: "removed_at")).map(Date.init(milliseconds:))
        fingerprint = try row.decode(String?.self, forColumn: "fingerprint")
    }
}

extension PaymentMethodRecord {
    /// The card as the card processor knows it.
    var processorCard: ProcessorCard { ProcessorCard(behaviour: behaviour, expMonth: expMonth, expYear: expYear) }
}
