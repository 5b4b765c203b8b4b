/// A transaction that holds the events a unit of work emits until its next statement (or its
/// end), then inserts them in one statement: a purchase's two or three events cost one round
/// trip on PostgreSQL instead of one each. Every other statement runs after the events emitted
/// before it, so the rules see the same rows in the same order as with one insert per event.
final class EventBatchingTransaction: StoreTransaction, @unchecked Sendable {
    /// An event's columns, in `columns` order.
    typealias Row = [(any StoreValueConvertible)?]

    static let columns = "account_id, type, at, subscription_id, product_id, invoice_id, detail"

    let inner: any StoreTransaction
    /// Touched only by the one task running the transaction.
    private var pending: [Row] = []

    init(_ inner: any StoreTransaction) {
        self.inner = inner
    }

    func emit(_ row: Row) {
        pending.append(row)
    }

    /// Inserts the events held so far.
    func flush() async throws {
        guard !pending.isEmpty else { return }
        let rows = pending
        pending = []
        let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")
        let inserted = try await inner.execute(StoreSQL("INSERT INTO events(\(Self.columns)) VALUES \(placeholders)"),
                                               StoreArguments(rows.flatMap { $0 }))
        guard inserted == rows.count else {
            throw PaymentsError.storage("\(rows.count) events were to be stored and \(inserted) were")
        }
    }

    func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T] {
        try await flush()
        return try await inner.fetchAll(type, sql, arguments)
    }

    func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T? {
        try await flush()
        return try await inner.fetchOne(type, sql, arguments)
    }

    @discardableResult
    func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int {
        try await flush()
        return try await inner.execute(sql, arguments)
    }
}
