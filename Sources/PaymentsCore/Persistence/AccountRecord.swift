import Foundation

struct AccountRecord {
    static let databaseTableName = "accounts"

    var id: String
    var email: String
    var name: String
    var createdAt: Date
    var currency: String
    var storefront: String
    var testClockID: String?
    var creditBalance: Int64
    var pointsBalance: Int64
    var details: CustomerDetails

    var account: Account {
        Account(id: id, email: email, name: name, createdAt: createdAt,
                currency: Currency(code: currency) ?? .usd, storefront: storefront, testClockID: testClockID,
                creditBalance: creditBalance, pointsBalance: pointsBalance, details: details)
    }

    var currencyValue: Currency { Currency(code: currency) ?? .usd }
}

extension AccountRecord {
    func insert(into store: any StoreTransaction) async throws {
        try await store.execute("""
            INSERT INTO accounts(id, email, name, created_at, currency, storefront, test_clock_id, credit_balance,
                                 points_balance, details)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, email, name, createdAt, currency, storefront, testClockID, creditBalance, pointsBalance,
                  try StoreJSONColumn.encode(details, column: "details")])
    }

    /// Writes every column but the balances back, which only their own atomic updates move (a
    /// record read earlier in the write must not put an older balance back).
    func update(in store: any StoreTransaction) async throws {
        try await store.execute("""
            UPDATE accounts SET email = ?, name = ?, created_at = ?, currency = ?, storefront = ?, test_clock_id = ?,
                details = ?
            WHERE id = ?
            """, [email, name, createdAt, currency, storefront, testClockID,
                  try StoreJSONColumn.encode(details, column: "details"), id])
    }
}

extension AccountRecord: StoreDecodable {
    /// Reads the columns by name instead of through GRDB's Codable decoder: a purchase and every
    /// renewal read the account, and the Codable path (a decoding container and a key conversion
    /// per column) was about a twelfth of a renewal in the profile. Decodes exactly what the
    /// Codable path wrote: dates as milliseconds, `details` as GRDB's JSON.
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        email = try row.get("email")
        name = try row.get("name")
        createdAt = try row.get("created_at")
        currency = try row.get("currency")
        storefront = try row.get("storefront")
        testClockID = try row.get("test_clock_id")
        creditBalance = try row.get("credit_balance")
        pointsBalance = try row.get("points_balance")
        details = try StoreJSONColumn.decode(CustomerDetails.self, from: row, column: "details",
                                             common: ("{}", CustomerDetails()))
    }
}
