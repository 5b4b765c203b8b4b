import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// The invoice lines column is written by hand in the plain case; it must be exactly what the
/// JSON encoder writes, so rows read back the same whichever path wrote them.
@Suite("Invoice lines JSON")
struct InvoiceLinesJSONTests {
    private static let may = Date(milliseconds: 1_777_593_600_000)
    private static let june = Date(milliseconds: 1_780_272_000_000)

    @Test("the hand-written text equals the encoder's, on and off the plain path", arguments: [
        [InvoiceLine(kind: .charge, description: "500 points", amount: Money(minorUnits: 500, currency: .usd))],
        [InvoiceLine(kind: .charge, description: "Pro (monthly)", amount: Money(minorUnits: 999, currency: .eur),
                     periodStart: may, periodEnd: june),
         InvoiceLine(kind: .introOffer, description: "Intro offer", amount: Money(minorUnits: -999, currency: .eur),
                     periodStart: may, periodEnd: nil),
         InvoiceLine(kind: .appliedBalance, description: "Crédit appliqué · 残高", amount: Money(minorUnits: -1, currency: .eur))],
        [InvoiceLine(kind: .discount, description: "Code \"SPRING\" 10% / first month\n", amount: Money(minorUnits: -100, currency: .usd))],
        [InvoiceLine(kind: .charge, description: "Odd date", amount: Money(minorUnits: 1, currency: .usd),
                     periodStart: Date(timeIntervalSince1970: 1_700_000_000.0005))],
        [],
    ])
    func matchesTheEncoder(lines: [InvoiceLine]) throws {
        #expect(try InvoiceLinesJSON.encode(lines) == InvoiceLinesJSON.encoded(lines))
    }

    @Test("an invoice written through the store reads back with the same lines")
    func invoiceRoundTrips() throws {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue)
        let lines = [InvoiceLine(kind: .charge, description: "Pro (monthly)", amount: Money(minorUnits: 999, currency: .usd),
                                 periodStart: Self.may, periodEnd: Self.june)]
        let invoice = Invoice(id: "in_1", accountID: "acct_1", subscriptionID: nil, productID: "pro.monthly",
                              kind: .subscriptionCreate, createdAt: Self.may, status: .paid, description: "Pro",
                              total: Money(minorUnits: 999, currency: .usd), paymentMethod: nil, attemptCount: 1,
                              failureCode: nil, refundOf: nil, lines: lines)
        let readByTheStore = try queue.write { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            let store = GRDBTransaction(db)
            return try InlineTransactionExecutor.run {
                try await InvoiceRecord(invoice).insert(into: store)
                return try await store.fetchOne(InvoiceRecord.self, "SELECT * FROM invoices WHERE id = ?", ["in_1"])
            }
        }
        #expect(readByTheStore?.invoice == invoice)
    }
}
