import Foundation
import KioskPostgres
@testable import KioskPostgresStore
import PaymentsCore
import Testing

/// `PostgresStorage` runs the rules' statements prepared: once per connection, the plan kept
/// after a few runs, writes' and reads' plans apart, changed rows still counted, and a failed
/// preparation not remembered.
@Suite("PostgreSQL prepared statements", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PreparedStatementsOnPostgresTests {
    struct Prepared: StoreDecodable, Equatable {
        let name: String
        let statement: String
        let runs: Int64
        let genericPlans: Int64

        init(storeRow row: some StoreRow) throws {
            name = try row.get("name")
            statement = try row.get("statement")
            runs = try row.get("runs")
            genericPlans = try row.get("generic_plans")
        }
    }

    static let preparedStatements: StoreSQL = """
        SELECT name, statement, generic_plans + custom_plans AS runs, generic_plans FROM pg_prepared_statements ORDER BY name
        """

    /// One connection, so every transaction sees the same prepared statements.
    func withStorage(_ body: (PostgresStorage, PostgresLocation) async throws -> Void) async throws {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(["CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT NOT NULL)"], at: location)
            try await body(PostgresStorage(location: location, connections: 1, connectionTimeout: TestCluster.connectionTimeout), location)
        }
    }

    @Test func aStatementRunAgainIsPreparedOnceAndItsPlanKept() async throws {
        try await withStorage { storage, _ in
            for index in 0..<8 {
                try await storage.write { store in
                    try await store.execute("INSERT INTO t(id, n) VALUES (?, ?)", ["row\(index)", index])
                    #expect(try await store.fetchOne(Int64.self, "SELECT n FROM t WHERE id = ?", ["row\(index)"]) == Int64(index))
                }
            }
            let prepared = try await storage.write { try await $0.fetchAll(Prepared.self, Self.preparedStatements) }
            let lookup = try #require(prepared.first { $0.statement == "SELECT n FROM t WHERE id = $1" })
            #expect(lookup.name.hasPrefix("kiosk_w") && lookup.runs == 8)
            #expect(lookup.genericPlans > 0, "the plan was made again on every run: \(lookup)")
            #expect(prepared.contains { $0.statement == "INSERT INTO t(id, n) VALUES ($1, $2)\nRETURNING 1" && $0.runs == 8 })
        }
    }

    @Test func changedRowsAreCountedWhenPrepared() async throws {
        try await withStorage { storage, _ in
            let counts = try await storage.write { store in
                var counts: [Int] = []
                for round in 0..<2 {
                    counts.append(try await store.execute("INSERT INTO t(id, n) VALUES ('a', 1), ('b', 2) ON CONFLICT DO NOTHING"))
                    counts.append(try await store.execute("UPDATE t SET n = n + ? WHERE n > ?", [1, round]))
                    counts.append(try await store.execute("SELECT id FROM t"))
                }
                counts.append(try await store.execute("WITH doubled AS (SELECT 2 AS k) UPDATE t SET n = n * k FROM doubled"))
                counts.append(try await store.execute("UPDATE t SET n = n + 1 RETURNING n"))
                counts.append(try await store.execute("DELETE FROM t WHERE id = ?", ["a"]))
                return counts
            }
            #expect(counts == [2, 2, 2, 0, 2, 2, 2, 2, 1])
        }
    }

    /// A NULL's type is left to the server in a statement of its own; the same text with a value
    /// there is another, prepared with the value's type. Both keep working past the runs after
    /// which PostgreSQL may keep a generic plan.
    @Test func nullsAndValuesInOnePlaceBothWork() async throws {
        try await withStorage { storage, location in
            try await TestCluster.execute(["CREATE TABLE notes (id TEXT PRIMARY KEY, note TEXT, n BIGINT)"], at: location)
            for index in 0..<14 {
                let note: String? = index.isMultiple(of: 2) ? nil : "note \(index)"
                let n: Int64? = index.isMultiple(of: 3) ? nil : Int64(index)
                try await storage.write { try await $0.execute("INSERT INTO notes VALUES (?, ?, ?)", ["row\(index)", note, n]) }
            }
            let rows = try await storage.read { try await $0.fetchAll(StoredRow.self, "SELECT note, n FROM notes ORDER BY n NULLS FIRST, note") }
            #expect(rows.count == 14)
            #expect(try rows.filter { try $0.get("note", as: String?.self) == nil }.count == 7)
            #expect(try rows.compactMap { try $0.get("n", as: Int64?.self) }.reduce(0, +) == [1, 2, 4, 5, 7, 8, 10, 11, 13].reduce(0, +))
        }
    }

    /// Writes plan with sequential scans off (`PostgresStorage.openingWrite`), reads with them on:
    /// one text run by both is two prepared statements.
    @Test func readsAndWritesPrepareTheirOwnPlans() async throws {
        try await withStorage { storage, _ in
            let lookup: StoreSQL = "SELECT n FROM t WHERE id = ?"
            _ = try await storage.write { try await $0.fetchOne(Int64.self, lookup, ["a"]) }
            _ = try await storage.read { try await $0.fetchOne(Int64.self, lookup, ["a"]) }
            let names = try await storage.read { try await $0.fetchAll(Prepared.self, Self.preparedStatements) }
                .filter { $0.statement == "SELECT n FROM t WHERE id = $1" }.map(\.name)
            #expect(names.count == 2 && names.contains { $0.hasPrefix("kiosk_r") } && names.contains { $0.hasPrefix("kiosk_w") })
        }
    }

    /// PostgresNIO remembers a failed preparation for its connection's life; the storage closes
    /// such a connection, so the statement works once its table exists.
    @Test func aStatementWhoseTableAppearsLaterWorksThen() async throws {
        try await withStorage { storage, location in
            await #expect(throws: PostgresStoreFailure.self) {
                try await storage.write { try await $0.fetchOne(Int64.self, "SELECT n FROM later WHERE id = ?", ["a"]) }
            }
            try await TestCluster.execute(["CREATE TABLE later (id TEXT PRIMARY KEY, n BIGINT)", "INSERT INTO later VALUES ('a', 5)"],
                                          at: location)
            #expect(try await storage.write { try await $0.fetchOne(Int64.self, "SELECT n FROM later WHERE id = ?", ["a"]) } == 5)
        }
    }
}
