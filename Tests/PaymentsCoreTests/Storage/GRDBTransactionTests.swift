import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// The SQLite side of the storage seam: what a rule binds comes back as the same Swift value, and
/// what cannot be read says which column and why, never a trap or a default.
@Suite struct GRDBTransactionTests {
    func withStore<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) throws -> T {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, flag INTEGER, at INTEGER, note TEXT)")
            let store = GRDBTransaction(db)
            return try InlineTransactionExecutor.run { try await body(store) }
        }
    }

    @Test func boundValuesComeBackAsTheSameSwiftValues() throws {
        let instant = Date(milliseconds: 1_795_262_400_123)
        let row = try withStore { store in
            let changed = try await store.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                                                  ["a", Int64.max, true, instant, nil])
            #expect(changed == 1)
            return try #require(try await store.fetchOne(StoredRow.self, "SELECT * FROM t WHERE id = ?", ["a"]))
        }
        #expect(try row.get("n") as Int64 == .max)
        #expect(try row.get("flag") as Bool)
        #expect(try row.get("at") as Date == instant)
        #expect(try row.get("note") as String? == nil)
        #expect(row.storeColumnNames == ["id", "n", "flag", "at", "note"])
    }

    @Test func scalarsAndCountsOfChangedRows() throws {
        let (count, names, changed, missing) = try withStore { store in
            for id in ["a", "b", "c"] { try await store.execute("INSERT INTO t(id, n) VALUES (?, 1)", [id]) }
            return (try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM t"),
                    try await store.fetchAll(String.self, "SELECT id FROM t ORDER BY id DESC"),
                    try await store.execute("UPDATE t SET n = n + 1 WHERE id <> ?", ["b"]),
                    try await store.fetchOne(String.self, "SELECT id FROM t WHERE id = 'z'"))
        }
        #expect(count == 3 && names == ["c", "b", "a"] && changed == 2 && missing == nil)
    }

    @Test func aValueOfAnotherTypeOrAMissingColumnIsAnErrorNamingTheColumn() throws {
        try withStore { store in
            try await store.execute("INSERT INTO t(id, note) VALUES ('a', 'text')")
            let row = try #require(try await store.fetchOne(StoredRow.self, "SELECT id, n, note FROM t"))
            #expect(throws: StoreValueError(column: "note", expected: "Int64", found: .text("text"))) { _ = try row.get("note") as Int64 }
            #expect(throws: StoreValueError(column: "n", expected: "Int64", found: .null)) { _ = try row.get("n") as Int64 }
            #expect(throws: PaymentsError.self) { _ = try row.get("flag") as Bool }
            await #expect(throws: StoreValueError.self) { _ = try await store.fetchOne(Int64.self, "SELECT note FROM t") }
        }
    }

    @Test func aDateNoColumnCanHoldIsRefusedBeforeAnythingIsWritten() throws {
        let count = try withStore { store in
            await #expect(throws: DateArithmeticError.self) {
                try await store.execute("INSERT INTO t(id, at) VALUES ('a', ?)", [Date.distantFuture.addingTimeInterval(1e300)])
            }
            return try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM t")
        }
        #expect(count == 0)
    }
}
