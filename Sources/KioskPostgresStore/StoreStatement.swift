import PostgresNIO

/// A store statement run as a prepared statement: prepared on a connection the first time it
/// runs there, then only bound and executed, so the server parses it once and, after a few runs,
/// keeps its plan (BENCHMARKS.md round 12: two thirds of a purchase's server time went to
/// planning statements sent unnamed).
///
/// PostgresNIO prepares and remembers statements by their `PostgresPreparedStatement` type's
/// static name, SQL and bind types, while the rules make their SQL at run time; so these types
/// read them from `current`, a task-local bound around each call (PostgresNIO reads them within
/// the call, before and after its one suspension, in the calling task).
enum StoreStatement {
    @TaskLocal static var current = PreparedStatementNames.Prepared(name: "kiosk_unbound", sql: "SELECT NULL WHERE FALSE",
                                                                    types: [], count: .commandTagOnly)

    /// A statement whose rows are read (or counted: `PreparedStatementNames.Count`).
    struct Rows: PostgresPreparedStatement {
        typealias Row = PostgresRow
        static var name: String { current.name }
        static var sql: String { current.sql }
        static var bindingDataTypes: [PostgresDataType] { current.types }
        let binds: PostgresBindings

        func makeBindings() -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
    }
}
