import Foundation
import GRDB
import PaymentsCore
import Synchronization

/// A baseline of bare inserts of "the same rows": the rows one real operation (a purchase, one
/// renewal) inserted are captured from a store prepared like the measured one, and the baseline
/// inserts copies of them with plain SQL on a database opened as Kiosk opens its own (WAL,
/// `synchronous = FULL`, foreign keys on). The rows are not written out by hand, so if the
/// operation starts writing more rows (or bigger ones), the baseline follows.
///
/// Keys are made unique per copy: text primary keys get a suffix (and so does every copy of such
/// a value in the other captured rows, so references between them still match) and integer row
/// ids are left to SQLite. Rows the operation only updated (id sequences, balances, the
/// subscription) are not part of the baseline, which is therefore, if anything, a little fast.
struct CapturedRowsWriter: Sendable {
    private struct CapturedTable: Sendable {
        var name: String
        var columns: [String]
        var rows: [[DatabaseValue]]
        /// Columns whose values the next insert must change: text keys get a suffix, row ids NULL.
        var renamedColumns: Set<Int>
        var rowIDColumns: Set<Int>
    }

    let store: BenchmarkStore
    private let database: any DatabaseWriter
    private let tables: [CapturedTable]
    private let keyValues: Set<String>
    private let iteration = IterationCounter()

    /// Captures the rows `operation` inserts into `store` (prepared so that the operation is like
    /// every later one, e.g. not the first to create an id sequence).
    static func capture(in store: BenchmarkStore, operation: () async throws -> Void) async throws -> CapturedRowsWriter {
        let database = try StoreDatabase.open(store.directory)
        let before = try await database.read { db in try Self.rowIDs(db) }
        try await operation()
        let tables = try await database.read { db in try Self.capture(after: before, db) }
        guard !tables.isEmpty else { throw BenchmarkSetupError.invalidFixture("the captured operation inserted no rows") }
        var keys: Set<String> = []
        for table in tables {
            for row in table.rows {
                for index in table.renamedColumns { if let text = String.fromDatabaseValue(row[index]) { keys.insert(text) } }
            }
        }
        return CapturedRowsWriter(store: store, database: database, tables: tables, keyValues: keys)
    }

    /// The rows one purchase of points inserts (with an idempotency key when `keyed`, as the
    /// storefront sends one), captured from a store where an earlier purchase already created the
    /// id sequences, so the captured one is like any later one.
    static func ofPurchase(named name: String, keyed: Bool) async throws -> CapturedRowsWriter {
        let (store, accountID) = try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: name, frozenAt: BenchmarkCatalog.start)
            return try await BenchmarkStore.account(name, on: clock.id, in: service).id
        }
        try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service,
                                     idempotencyKey: keyed ? "first" : nil)
        let writer = try await capture(in: store) {
            try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service,
                                         idempotencyKey: keyed ? "captured" : nil)
        }
        FileHandle.standardError.write(Data("\(name): rows per \(keyed ? "keyed " : "")purchase: \(writer.summary)\n".utf8))
        return writer
    }

    /// Tables and row counts of one copy, e.g. "events 2, invoices 1, ledger 1".
    var summary: String {
        tables.map { "\($0.name) \($0.rows.count)" }.joined(separator: ", ")
    }

    func remove() {
        try? database.close()
        store.remove()
    }

    /// One copy of the rows, in one transaction (a purchase), on the calling thread.
    func commitOne() throws {
        let copy = iteration.next()
        try database.write { db in try insertCopy(copy, db) }
    }

    /// The same through GRDB's async API, as an async caller (Kiosk's service) writes: the
    /// transaction runs on the writer's queue and the caller resumes afterwards.
    func commitOneAsync() async throws {
        let copy = iteration.next()
        try await database.write { db in try insertCopy(copy, db) }
    }

    /// `count` copies in transactions of `batch` copies (the renewal engine's batching).
    func commit(count: Int, batch: Int) throws {
        var remaining = count
        while remaining > 0 {
            let size = min(batch, remaining)
            try database.write { db in
                for _ in 0..<size { try insertCopy(iteration.next(), db) }
            }
            remaining -= size
        }
    }

    private func insertCopy(_ copy: Int, _ db: Database) throws {
        for table in rowsOfCopy(copy) {
            let placeholders = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
            let statement = try db.cachedStatement(sql: """
                INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(placeholders))
                """)
            for row in table.rows { try statement.execute(arguments: StatementArguments(row)) }
        }
    }

    /// Every row of `table` in the captured store (what the captured rows refer to, such as the
    /// buyer's account), for a writer inserting the rows elsewhere.
    func allRows(of table: String) async throws -> (columns: [String], rows: [[DatabaseValue]]) {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)")
            return (rows.first.map { Array($0.columnNames) } ?? [], rows.map { Array($0.databaseValues) })
        }
    }

    /// A fresh copy number, for a writer inserting the rows elsewhere (`PostgresRowsWriter`).
    func nextCopy() -> Int { iteration.next() }

    /// Copy `copy` of the captured rows: text keys suffixed, row ids left to the database
    /// (omitted, since PostgreSQL's identity columns must not be given NULL).
    func rowsOfCopy(_ copy: Int) -> [(name: String, columns: [String], rows: [[DatabaseValue]])] {
        let suffix = "~\(copy)"
        return tables.map { table in
            let kept = table.columns.indices.filter { !table.rowIDColumns.contains($0) }
            let rows = table.rows.map { row in
                kept.map { index -> DatabaseValue in
                    let value = row[index]
                    guard let text = String.fromDatabaseValue(value), keyValues.contains(text) else { return value }
                    return (text + suffix).databaseValue
                }
            }
            return (table.name, kept.map { table.columns[$0] }, rows)
        }
    }

    private init(store: BenchmarkStore, database: any DatabaseWriter, tables: [CapturedTable], keyValues: Set<String>) {
        self.store = store
        self.database = database
        self.tables = tables
        self.keyValues = keyValues
    }

    private static func tableNames(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
            """)
    }

    private static func rowIDs(_ db: Database) throws -> [String: Int64] {
        var highest: [String: Int64] = [:]
        for name in try tableNames(db) {
            highest[name] = try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM \(name)") ?? 0
        }
        return highest
    }

    private static func capture(after before: [String: Int64], _ db: Database) throws -> [CapturedTable] {
        var tables: [CapturedTable] = []
        for name in try tableNames(db) {
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(name) WHERE rowid > ? ORDER BY rowid",
                                        arguments: [before[name] ?? 0])
            guard let first = rows.first else { continue }
            let columns = Array(first.columnNames)
            let primaryKey = try db.primaryKey(name)
            var renamed: Set<Int> = []
            var rowIDs: Set<Int> = []
            if let rowID = primaryKey.rowIDColumn, let index = columns.firstIndex(of: rowID) {
                rowIDs.insert(index)
            } else if primaryKey.columns.count == 1, let index = columns.firstIndex(of: primaryKey.columns[0]) {
                renamed.insert(index)
            } else {
                throw BenchmarkSetupError.invalidFixture("table \(name) has a composite key the baseline cannot vary")
            }
            for index in try db.indexes(on: name) where index.isUnique && index.columns.count == 1 {
                if let column = columns.firstIndex(of: index.columns[0]) { renamed.insert(column) }
            }
            tables.append(CapturedTable(name: name, columns: columns, rows: rows.map { Array($0.databaseValues) },
                                        renamedColumns: renamed, rowIDColumns: rowIDs))
        }
        return tables
    }

    /// Hands out a fresh suffix per copy.
    private final class IterationCounter: Sendable {
        private let counter = Mutex(0)

        func next() -> Int {
            counter.withLock { value in
                value += 1
                return value
            }
        }
    }
}
