import Foundation
import GRDB

struct InvoiceRecord: StoreRecord {
    static let databaseTableName = "invoices"

    var id: String
    var accountID: String
    var subscriptionID: String?
    var productID: String?
    var kind: InvoiceKind
    var createdAt: Date
    var status: InvoiceStatus
    var description: String
    var total: Int64
    var currency: String
    var pmBrand: String?
    var pmLast4: String?
    var attemptCount: Int
    var failureCode: String?
    var refundOf: String?
    var lines: [InvoiceLine]

    init(_ invoice: Invoice) {
        id = invoice.id
        accountID = invoice.accountID
        subscriptionID = invoice.subscriptionID
        productID = invoice.productID
        kind = invoice.kind
        createdAt = invoice.createdAt
        status = invoice.status
        description = invoice.description
        total = invoice.total.minorUnits
        currency = invoice.total.currency.code
        pmBrand = invoice.paymentMethod?.brand
        pmLast4 = invoice.paymentMethod?.last4
        attemptCount = invoice.attemptCount
        failureCode = invoice.failureCode
        refundOf = invoice.refundOf
        lines = invoice.lines
    }

    var invoice: Invoice {
        let money = Currency(code: currency) ?? .usd
        let method = pmBrand.flatMap { brand in pmLast4.map { PaymentMethodSummary(brand: brand, last4: $0) } }
        return Invoice(id: id, accountID: accountID, subscriptionID: subscriptionID, productID: productID, kind: kind,
                       createdAt: createdAt, status: status, description: description,
                       total: Money(minorUnits: total, currency: money), paymentMethod: method,
                       attemptCount: attemptCount, failureCode: failureCode, refundOf: refundOf, lines: lines)
    }
}
