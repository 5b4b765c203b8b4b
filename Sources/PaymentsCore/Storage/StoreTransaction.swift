/// One database transaction as the rules see it, the same on SQLite (GRDB) and PostgreSQL: the
/// rules write their SQL once and never name an engine. Every method is `async` because a
/// PostgreSQL statement is a round trip; the SQLite side never suspends (see `GRDBTransaction`).
public protocol StoreTransaction: AnyObject {
    func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T]
    func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T?
    /// Runs a statement that returns no rows; answers how many rows it changed.
    @discardableResult
    func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int
}

extension StoreTransaction {
    public func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL) async throws -> [T] {
        try await fetchAll(type, sql, [])
    }

    public func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL) async throws -> T? {
        try await fetchOne(type, sql, [])
    }

    @discardableResult
    public func execute(_ sql: StoreSQL) async throws -> Int {
        try await execute(sql, [])
    }
}

/// A row kept whole, for statements read column by column rather than into a record.
public struct StoredRow: StoreRow, StoreDecodable, Sendable {
    private let columns: [String]
    private let values: [StoreValue]

    public init(columns: [String], values: [StoreValue]) {
        self.columns = columns
        self.values = values
    }

    public init(storeRow row: some StoreRow) throws {
        columns = row.storeColumnNames
        values = try columns.map { try row.storeValue($0) }
    }

    public var storeColumnNames: [String] { columns }

    public func storeValue(_ column: String) throws -> StoreValue {
        guard let index = columns.firstIndex(of: column) else {
            throw PaymentsError.storage("the statement selected no column \(column) (it has \(columns.joined(separator: ", ")))")
        }
        return values[index]
    }

    public func firstStoreValue() throws -> StoreValue {
        guard let first = values.first else { throw PaymentsError.storage("the statement selected no column") }
        return first
    }
}

/// A whole row's columns, each named once beside its value, for the statements that write it.
public typealias StoreColumns = KeyValuePairs<String, (any StoreValueConvertible)?>

extension StoreTransaction {
    /// Inserts one row into `table`.
    public func insert(into table: String, _ columns: StoreColumns) async throws {
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try await execute(StoreSQL("INSERT INTO \(table)(\(columns.map { $0.key }.joined(separator: ", "))) VALUES (\(marks))"),
                          StoreArguments(columns.map { $0.value }))
    }

    /// Sets every column but the first on the row of `table` whose first column (its key) holds
    /// the first value; answers how many rows changed.
    @discardableResult
    public func update(_ table: String, _ columns: StoreColumns) async throws -> Int {
        guard let key = columns.first else { return 0 }
        let rest = columns.dropFirst()
        let assignments = rest.map { "\($0.key) = ?" }.joined(separator: ", ")
        return try await execute(StoreSQL("UPDATE \(table) SET \(assignments) WHERE \(key.key) = ?"),
                                 StoreArguments(rest.map { $0.value } + [key.value]))
    }
}
