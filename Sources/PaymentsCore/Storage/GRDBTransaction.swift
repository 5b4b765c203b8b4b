import Foundation
import GRDB

/// The SQLite side of `StoreTransaction`, over one GRDB `Database` inside its transaction.
///
/// Every method is `async` to meet the protocol but never suspends: GRDB's statements are
/// synchronous on its writer thread, where `InlineTransactionExecutor` runs the rules. Statements
/// are prepared once per connection (`cachedStatement`), as the rules did before the seam.
final class GRDBTransaction: StoreTransaction, @unchecked Sendable {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T] {
        let statement = try db.cachedStatement(sql: sql.sqlite)
        let cursor = try Row.fetchCursor(statement, arguments: try Self.arguments(arguments))
        var results: [T] = []
        while let row = try cursor.next() {
            results.append(try T(storeRow: row))
        }
        return results
    }

    func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T? {
        // Read through a cursor: `Row.fetchOne` copies the row, and a copied row looks its columns
        // up by lower-casing every name (2 % of the renewal engine's profile).
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql.sqlite), arguments: try Self.arguments(arguments))
        guard let row = try cursor.next() else { return nil }
        let decoded = try T(storeRow: row)
        // Run to the end, so a write with RETURNING completes and the statement is reset.
        while try cursor.next() != nil {}
        return decoded
    }

    @discardableResult
    func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int {
        try db.cachedStatement(sql: sql.sqlite).execute(arguments: try Self.arguments(arguments))
        return db.changesCount
    }

    private static func arguments(_ arguments: StoreArguments) throws -> StatementArguments {
        let values = try arguments.values.map { try $0?.storeValue().databaseValue ?? .null }
        // Passed as a lazy sequence of `DatabaseValue`, GRDB takes them as they are. An array
        // would be upcast to `[(any DatabaseValueConvertible)?]`, boxing every value again only
        // to unbox it (6 % of the renewal engine's profile, BENCHMARKS.md round 8).
        return StatementArguments(values.lazy)
    }
}

extension StoreValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case let .integer(number): number.databaseValue
        case let .real(number): number.databaseValue
        case let .text(text): text.databaseValue
        case let .blob(bytes): Data(bytes).databaseValue
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case let .int64(number): self = .integer(number)
        case let .double(number): self = .real(number)
        case let .string(text): self = .text(text)
        case let .blob(data): self = .blob([UInt8](data))
        }
    }
}

extension Row: StoreRow {
    public func storeValue(_ column: String) throws -> StoreValue {
        do {
            // One column lookup; reading a DatabaseValue fails only for a column not selected.
            return StoreValue(try decode(DatabaseValue.self, forColumn: column))
        } catch {
            // Named here rather than by GRDB, whose message quotes the row's values.
            throw PaymentsError.storage("the statement selected no column \(column) (it has \(columnNames.joined(separator: ", ")))")
        }
    }

    public func firstStoreValue() throws -> StoreValue {
        guard count > 0 else { throw PaymentsError.storage("the statement selected no column") }
        return StoreValue(self[0] as DatabaseValue)
    }

    public var storeColumnNames: [String] { Array(columnNames) }
}
