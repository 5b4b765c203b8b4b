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

    var paymentMethod: PaymentMethod {
        PaymentMethod(id: id, accountID: accountID, token: token, brand: brand, last4: last4, expMonth: expMonth,
                      expYear: expYear, isDefault: isDefault, behaviour: behaviour, createdAt: createdAt)
    }
}
