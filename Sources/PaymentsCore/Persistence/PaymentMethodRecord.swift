import Foundation

struct PaymentMethodRecord {
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
    func insert(into store: any StoreTransaction) async throws {
        let behaviour = try StoreJSONColumn.encode(self.behaviour, column: "behaviour")
        try await store.execute("""
            INSERT INTO payment_methods(id, account_id, token, brand, last4, exp_month, exp_year, is_default, behaviour,
                                        created_at, removed_at, fingerprint)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, accountID, token, brand, last4, expMonth, expYear, isDefault, behaviour, createdAt, removedAt,
                  fingerprint])
    }

    /// What a saved card's life changes: its expiry (the same card saved again), which card is
    /// the default, and its removal.
    func updateState(in store: any StoreTransaction) async throws {
        try await store.execute("""
            UPDATE payment_methods SET exp_month = ?, exp_year = ?, is_default = ?, removed_at = ? WHERE id = ?
            """, [expMonth, expYear, isDefault, removedAt, id])
    }
}

extension PaymentMethodRecord {
    /// The card as the card processor knows it.
    var processorCard: ProcessorCard { ProcessorCard(behaviour: behaviour, expMonth: expMonth, expYear: expYear) }
}

extension PaymentMethodRecord: StoreDecodable {
    /// Reads the columns by name instead of through GRDB's Codable decoder: a purchase and every
    /// renewal read the card they charge, and the Codable path was about a thirteenth of a
    /// renewal in the profile. Decodes exactly what the Codable path wrote.
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        accountID = try row.get("account_id")
        token = try row.get("token")
        brand = try row.get("brand")
        last4 = try row.get("last4")
        expMonth = try row.get("exp_month")
        expYear = try row.get("exp_year")
        isDefault = try row.get("is_default")
        behaviour = try StoreJSONColumn.decode(ChargeBehaviour.self, from: row, column: "behaviour",
                                               common: (#"{"succeeds":{}}"#, .succeeds))
        createdAt = try row.get("created_at")
        removedAt = try row.get("removed_at") as Date?
        fingerprint = try row.get("fingerprint") as String?
    }
}
