import Foundation
import GRDB

struct AccountRecord: StoreRecord {
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
