import Foundation

struct InvoiceRecord {
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

extension InvoiceRecord: StoreDecodable {
    /// Reads the columns by name, as the Codable path wrote them: dates as milliseconds, enums as
    /// raw values, `lines` as JSON text (see `InvoiceLinesJSON`).
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        accountID = try row.get("account_id")
        subscriptionID = try row.get("subscription_id")
        productID = try row.get("product_id")
        kind = try row.storedValue(InvoiceKind.self, table: Self.databaseTableName, column: "kind")
        createdAt = try row.get("created_at")
        status = try row.storedValue(InvoiceStatus.self, table: Self.databaseTableName, column: "status")
        description = try row.get("description")
        total = try row.get("total")
        currency = try row.get("currency")
        pmBrand = try row.get("pm_brand")
        pmLast4 = try row.get("pm_last4")
        attemptCount = try row.get("attempt_count")
        failureCode = try row.get("failure_code")
        refundOf = try row.get("refund_of")
        let text: String = try row.get("lines")
        do {
            lines = try StoreJSONColumn.decoder.decode([InvoiceLine].self, from: Data(text.utf8))
        } catch {
            throw PaymentsError.storage("invoice \(id) has lines that do not decode: \(error)")
        }
    }

    /// Inserts the row. Renewals and purchases write an invoice each; GRDB's Codable insert
    /// re-encoded the record column by column and fetched the row back, about a tenth of a
    /// renewal in the profile. `lines` is written as GRDB would encode it (see `InvoiceLinesJSON`).
    func insert(into store: any StoreTransaction) async throws {
        try await store.insert(into: Self.databaseTableName, try columns)
    }

    func update(in store: any StoreTransaction) async throws {
        try await store.update(Self.databaseTableName, try columns)
    }

    /// Every column, the key first.
    private var columns: StoreColumns {
        get throws {
            ["id": id, "account_id": accountID, "subscription_id": subscriptionID, "product_id": productID, "kind": kind.rawValue,
             "created_at": createdAt, "status": status.rawValue, "description": description, "total": total, "currency": currency,
             "pm_brand": pmBrand, "pm_last4": pmLast4, "attempt_count": attemptCount, "failure_code": failureCode,
             "refund_of": refundOf, "lines": try InvoiceLinesJSON.encode(lines)]
        }
    }
}
