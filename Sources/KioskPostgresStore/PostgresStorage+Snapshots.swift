import KioskPostgres
import PaymentsCore

/// Named snapshots of a PostgreSQL store: each one a schema of copies of the store's tables and
/// of its sequences' values, beside the store's schema in the same database
/// (`PostgresSnapshotSchema`), so every server of the store sees the same snapshots.
extension PostgresStorage {
    /// Names the schema of `name`'s copy for the store in the current schema.
    private static let copySchema = PostgresSnapshotSchema.name(store: "current_schema()", snapshot: "?")
    /// Migration bookkeeping stays as it is: a snapshot is restored onto the schema it was saved at.
    private static let unrestoredTables: Set<String> = ["kiosk_schema_versions", "sessions"]
    /// The copy's table of sequence values (no store table starts with `kiosk_`).
    private static let sequenceValues = "kiosk_snapshot_sequences"

    public func snapshotNames() async throws -> [String] {
        try await read { store in
            try await store.fetchAll(String.self, StoreSQL("""
                SELECT name FROM (\(PostgresSnapshotSchema.list(store: "current_schema()"))) AS snapshots ORDER BY name
                """))
        }
    }

    /// Adds no events, so it runs without the feed's mark: feeds do not wait while it copies.
    public func saveSnapshot(_ name: String) async throws {
        try await write(marked: false, preparing: false) { store in
            let (live, copy) = try await Self.schemas(of: name, in: store)
            try await store.execute(StoreSQL("DROP SCHEMA IF EXISTS \(copy) CASCADE"))
            try await store.execute(StoreSQL("CREATE SCHEMA \(copy)"))
            for table in try await Self.tables(in: store) {
                let quoted = Self.quoted(table)
                // With the keys and indexes (the books audit groups by primary key), not the
                // foreign keys: a copy is only read.
                try await store.execute(StoreSQL("CREATE TABLE \(copy).\(quoted) (LIKE \(live).\(quoted) INCLUDING ALL)"))
                try await store.execute(StoreSQL("INSERT INTO \(copy).\(quoted) OVERRIDING SYSTEM VALUE SELECT * FROM \(live).\(quoted)"))
            }
            try await store.execute(StoreSQL("""
                CREATE TABLE \(copy).\(Self.sequenceValues) AS
                SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = current_schema()
                """))
            try await store.execute(StoreSQL("COMMENT ON SCHEMA \(copy) IS \(Self.literal(name))"))
        }
    }

    public func restoreSnapshot(_ name: String,
                                vetting: @escaping @Sendable (any PaymentsStorage) async throws -> [String]) async throws {
        let (copySchema, copyID) = try await read { store in
            let (_, copy) = try await Self.schemas(of: name, in: store, quoting: false)
            guard let id = try await Self.schemaID(copy, in: store) else { throw PaymentsError.snapshotNotFound(name) }
            let saved = try await store.fetchAll(String.self, StoreSQL("""
                SELECT name FROM \(Self.quoted(copy)).kiosk_schema_versions ORDER BY version
                """))
            let current = try await store.fetchAll(String.self, "SELECT name FROM kiosk_schema_versions ORDER BY version")
            guard saved == current else {
                throw PaymentsError.snapshotRejected(
                    name: name, reason: "it was saved at schema \(saved.last ?? "none"), and the store is at \(current.last ?? "none")")
            }
            return (copy, id)
        }
        let problems = try await vetting(PostgresStorage(location: location.with(schema: copySchema), connections: 1))
        guard problems.isEmpty else {
            throw PaymentsError.snapshotRejected(name: name, reason: "its books do not hold (\(problems.prefix(3).joined(separator: "; ")))")
        }
        try await write(marked: true, preparing: false) { store in
            let (live, copy) = try await Self.schemas(of: name, in: store)
            // The copy vetted, not one saved again under the name since.
            guard try await Self.schemaID(copySchema, in: store) == copyID else {
                throw PaymentsError.snapshotRejected(name: name, reason: "it was saved again while it was being checked; restore it again")
            }
            let sessions = try await store.fetchAll(StoredRow.self, "SELECT token_hash, account_id, created_at FROM sessions")
            let tables = try await Self.fillingOrder(of: Self.tables(in: store).filter { $0 != "kiosk_schema_versions" }, in: store)
            // DELETE, not TRUNCATE: TRUNCATE is not MVCC-safe, and another server's read that
            // began before this commit would find the tables empty.
            for table in tables.reversed() {
                try await store.execute(StoreSQL("DELETE FROM \(live).\(Self.quoted(table))"))
            }
            for table in tables where !Self.unrestoredTables.contains(table) {
                let quoted = Self.quoted(table)
                try await store.execute(StoreSQL("INSERT INTO \(live).\(quoted) OVERRIDING SYSTEM VALUE SELECT * FROM \(copy).\(quoted)"))
            }
            _ = try await store.fetchAll(Int64.self, StoreSQL("""
                SELECT setval(CAST(format('%I.%I', current_schema(), name) AS regclass), COALESCE(last_value, 1), last_value IS NOT NULL)
                FROM \(copy).\(Self.sequenceValues)
                """))
            for session in sessions {
                try await store.execute("""
                    INSERT INTO sessions(token_hash, account_id, created_at) SELECT ?, id, ? FROM accounts WHERE id = ?
                    """, [try session.get("token_hash", as: String.self), try session.get("created_at", as: Int64.self),
                          try session.get("account_id", as: String.self)])
            }
        }
    }

    /// The store's schema and the copy's, quoted for statements unless `quoting` is false.
    private static func schemas(of name: String, in store: any StoreTransaction,
                                quoting: Bool = true) async throws -> (live: String, copy: String) {
        guard let row = try await store.fetchOne(StoredRow.self, StoreSQL("SELECT current_schema() AS live, \(copySchema) AS copy"),
                                                 [name]) else {
            throw PaymentsError.storage("PostgreSQL named no current schema")
        }
        let (live, copy) = (try row.get("live", as: String.self), try row.get("copy", as: String.self))
        return quoting ? (quoted(live), quoted(copy)) : (live, copy)
    }

    /// The tables in an order that fills each one after the tables its foreign keys point at.
    private static func fillingOrder(of tables: [String], in store: any StoreTransaction) async throws -> [String] {
        let edges = try await store.fetchAll(StoredRow.self, """
            SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint k
            JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
            WHERE k.contype = 'f' AND k.connamespace = CAST(current_schema() AS regnamespace) AND k.conrelid <> k.confrelid
            """)
        var parents: [String: Set<String>] = [:]
        for edge in edges { parents[try edge.get("child"), default: []].insert(try edge.get("parent")) }
        let filled = Set(tables)
        var ordered: [String] = []
        var placed: Set<String> = []
        var remaining = tables
        while !remaining.isEmpty {
            let ready = remaining.filter { (parents[$0] ?? []).intersection(filled).isSubset(of: placed) }
            guard !ready.isEmpty else {
                throw PaymentsError.storage("the store's foreign keys form a cycle among \(remaining.joined(separator: ", "))")
            }
            ordered += ready
            placed.formUnion(ready)
            remaining.removeAll { placed.contains($0) }
        }
        return ordered
    }

    /// A schema's object id: a snapshot saved again under its name is a new schema.
    private static func schemaID(_ schema: String, in store: any StoreTransaction) async throws -> Int64? {
        try await store.fetchOne(Int64.self, "SELECT CAST(oid AS BIGINT) FROM pg_namespace WHERE nspname = ?", [schema])
    }

    /// The store's tables but its servers' shared keys (`PostgresSharedSecrets`): a snapshot is
    /// the store's data, and copies of private keys would only multiply where they can leak.
    private static func tables(in store: any StoreTransaction) async throws -> [String] {
        try await store.fetchAll(String.self, """
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'kiosk_secrets'
            ORDER BY table_name
            """)
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
