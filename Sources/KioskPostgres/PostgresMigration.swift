/// One step of the PostgreSQL schema: applied in one transaction together with the row that
/// records it, so a failure leaves the database at the previous version.
public struct PostgresMigration: Sendable {
    /// 1, 2, 3...: the position in `PostgresStoreSchema.migrations`.
    public let version: Int
    /// The migration's id in `StoreMigrations` (`v2-simulated-store`), as SQLite records it too.
    public let name: String
    /// Run one by one: the extended query protocol takes one statement at a time.
    let statements: [String]
}
