import Foundation
@testable import KioskPostgres
@testable import KioskPostgresStore
import PaymentsCore
import Testing

/// The PostgreSQL side of the storage seam answers as the SQLite side does (`GRDBTransactionTests`):
/// what a rule binds comes back as the same Swift value, `EXISTS` reads as a Bool, a `?` inside a
/// literal stays text, and a changed-row count is the rows changed.
@Suite("PostgreSQL store transactions", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresTransactionTests {
    func withStore<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(["""
                CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT, flag BIGINT, at BIGINT, note TEXT, ratio DOUBLE PRECISION,
                                bytes BYTEA)
                """], at: location)
            return try await PostgresConnector.withConnection(to: location, doing: "test") { connection in
                try await PostgresTransactionRunner().run(on: connection, isolation: .readCommitted) { connection in
                    try await body(PostgresTransaction(connection))
                }
            }
        }
    }

    @Test func boundValuesComeBackAsTheSameSwiftValues() async throws {
        let instant = Date(milliseconds: 1_795_262_400_123)
        let row = try await withStore { store in
            let changed = try await store.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)",
                                                  ["a", Int64.max, true, instant, nil, 0.25, nil])
            #expect(changed == 1)
            return try #require(try await store.fetchOne(StoredRow.self, "SELECT * FROM t WHERE id = ?", ["a"]))
        }
        #expect(try row.get("n") as Int64 == .max)
        #expect(try row.get("flag") as Bool)
        #expect(try row.get("at") as Date == instant)
        #expect(try row.get("note") as String? == nil)
        #expect(try row.get("ratio") as Double == 0.25)
        #expect(row.storeColumnNames == ["id", "n", "flag", "at", "note", "ratio", "bytes"])
    }

    @Test func existsReadsAsABoolAndCountsAsIntegers() async throws {
        let (exists, missing, count) = try await withStore { store in
            try await store.execute("INSERT INTO t(id, n) VALUES ('a', 1), ('b', 2)")
            let exists = try await store.fetchOne(Bool.self, "SELECT EXISTS(SELECT 1 FROM t WHERE n = ?)", [2])
            let missing = try await store.fetchOne(Bool.self, "SELECT EXISTS(SELECT 1 FROM t WHERE n = ?)", [3])
            let count = try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM t")
            return (exists, missing, count)
        }
        #expect(exists == true && missing == false && count == 2)
    }

    @Test func aQuestionMarkInALiteralIsTextAndChangedRowsAreCounted() async throws {
        let (note, changed) = try await withStore { store in
            try await store.execute("INSERT INTO t(id, note) VALUES (?, 'why?')", ["a"])
            try await store.execute("INSERT INTO t(id, note) VALUES (?, ?)", ["b", "what?"])
            let changed = try await store.execute("UPDATE t SET n = ? WHERE note LIKE '%?'", [7])
            return (try await store.fetchOne(String.self, "SELECT note FROM t WHERE id = ?", ["a"]), changed)
        }
        #expect(note == "why?" && changed == 2)
    }

    @Test func placeholdersAreNumberedOutsideLiteralsAndComments() throws {
        #expect(try PostgresPlaceholders.numbered("SELECT '?', \"a?\", ? -- one?\nFROM t WHERE x = ?", count: 2)
            == "SELECT '?', \"a?\", $1 -- one?\nFROM t WHERE x = $2")
        #expect(throws: PaymentsError.self) { try PostgresPlaceholders.numbered("SELECT ?", count: 2) }
    }

    @Test func aColumnTheStatementDidNotSelectIsAStorageErrorNamingIt() async throws {
        let error = try await withStore { store -> PaymentsError? in
            try await store.execute("INSERT INTO t(id) VALUES ('a')")
            let row = try #require(try await store.fetchOne(StoredRow.self, "SELECT id FROM t"))
            do {
                _ = try row.get("n") as Int64
                return nil
            } catch let error as PaymentsError {
                return error
            }
        }
        #expect(error == .storage("the statement selected no column n (it has id)"))
    }
}
