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

    /// Inserts the row with one cached statement. Renewals and purchases write an invoice each;
    /// GRDB's Codable insert re-encoded the record column by column and fetched the row back,
    /// about a tenth of a renewal in the profile. `lines` is written as GRDB would encode it (see
    /// `InvoiceLinesJSON`), so the Codable fetch reads it back unchanged.
    func insertRow(_ db: Database) throws {
        let lines = try InvoiceLinesJSON.encode(self.lines)
        try db.cachedStatement(sql: """
            INSERT INTO invoices(id, account_id, subscription_id, product_id, kind, created_at, status, description,
                                 total, currency, pm_brand, pm_last4, attempt_count, failure_code, refund_of, lines)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [id, accountID, subscriptionID, productID, kind.rawValue, createdAt.milliseconds,
                                     status.rawValue, description, total, currency, pmBrand, pmLast4, attemptCount,
                                     failureCode, refundOf, lines])
    }
}
