import Foundation
import GRDB
import PaymentsCore
import Synchronization

/// The physical limit for durable writes: an invoice-like row and a ledger row inserted with
/// plain SQL into a database opened exactly as Kiosk opens its own (same schema and indexes,
/// WAL, `synchronous = FULL`), with none of the store's logic around them.
struct BareLedgerWriter: Sendable {
    let database: any DatabaseWriter
    let directory: DataDirectory
    private let numbers = InvoiceNumbers()

    init() throws {
        directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-bench-bare-\(UUID().uuidString)"))
        database = try StoreDatabase.open(directory)
    }

    /// Closes the database and deletes its directory.
    func remove() {
        try? database.close()
        try? FileManager.default.removeItem(at: directory.url)
    }

    /// One transaction per purchase, as `LocalPaymentsService.purchase` does.
    func commitOne() throws {
        let number = numbers.next()
        try database.write { db in try Self.insert(number, db) }
    }

    /// `count` row pairs in transactions of `batch`, the way the renewal engine batches its steps.
    func commit(count: Int, batch: Int) throws {
        var remaining = count
        while remaining > 0 {
            let size = min(batch, remaining)
            let first = numbers.next(size)
            try database.write { db in
                for number in first..<(first + size) { try Self.insert(number, db) }
            }
            remaining -= size
        }
    }

    private static func insert(_ number: Int, _ db: Database) throws {
        let id = "in_bare_\(number)"
        let at = Int64(1_767_225_600_000 + number)
        try db.execute(sql: """
            INSERT INTO invoices (id, account_id, subscription_id, product_id, kind, created_at, status, description,
                                  total, currency, pm_brand, pm_last4, attempt_count, lines)
            VALUES (?, 'acct_bare', NULL, 'points.500', 'purchase', ?, 'paid', '500 points', 500, 'USD', 'visa', '4242',
                    1, '[{"description":"500 points","amount":500}]')
            """, arguments: [id, at])
        try db.execute(sql: """
            INSERT INTO ledger (account_id, invoice_id, kind, amount, currency, at)
            VALUES ('acct_bare', ?, 'charge', 500, 'USD', ?)
            """, arguments: [id, at])
    }

    /// Hands out unique invoice numbers across iterations.
    private final class InvoiceNumbers: Sendable {
        private let counter = Synchronization.Mutex(0)

        func next(_ count: Int = 1) -> Int {
            counter.withLock { value in
                defer { value += count }
                return value
            }
        }
    }
}
