import Foundation
import Testing
@testable import PaymentsCore

/// Events a unit of work emits wait for its next statement and go in together, and every other
/// statement runs after the events emitted before it: the rules see the same rows in the same
/// order as with one insert per event, in fewer round trips.
@Suite struct EventBatchingTransactionTests {
    @Test func eventsGoInTogetherBeforeTheNextStatement() async throws {
        let recorder = StatementRecorder()
        let transaction = EventBatchingTransaction(recorder)
        transaction.emit(["acct_1", "purchase.completed", 0, nil, nil, "INV-1", nil])
        transaction.emit(["acct_1", "points.credited", 0, nil, nil, "INV-1", nil])
        #expect(recorder.statements.isEmpty, "an event was inserted before anything asked for it")

        _ = try await transaction.fetchOne(Int64.self, "SELECT COUNT(*) FROM events")
        transaction.emit(["acct_1", "refunded", 0, nil, nil, "INV-1", nil])
        try await transaction.flush()
        try await transaction.flush()

        #expect(recorder.statements.map(\.sql) == [
            "INSERT INTO events(\(EventBatchingTransaction.columns)) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)",
            "SELECT COUNT(*) FROM events",
            "INSERT INTO events(\(EventBatchingTransaction.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ])
        #expect(recorder.statements.first?.values.count == 14)
    }

    @Test func anInsertThatStoresFewerRowsIsAnError() async throws {
        let recorder = StatementRecorder(rowsChanged: 0)
        let transaction = EventBatchingTransaction(recorder)
        transaction.emit(["acct_1", "purchase.completed", 0, nil, nil, nil, nil])
        await #expect(throws: PaymentsError.self) { try await transaction.flush() }
    }
}

/// Records what is sent to it; reads answer nothing, writes change a row per event inserted (or
/// `rowsChanged`).
private final class StatementRecorder: StoreTransaction, @unchecked Sendable {
    private(set) var statements: [(sql: String, values: [StoreValue])] = []
    private let rowsChanged: Int?

    init(rowsChanged: Int? = nil) {
        self.rowsChanged = rowsChanged
    }

    func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T] {
        statements.append((sql.sqlite, try arguments.storeValues()))
        return []
    }

    func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T? {
        statements.append((sql.sqlite, try arguments.storeValues()))
        return nil
    }

    func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int {
        let values = try arguments.storeValues()
        statements.append((sql.sqlite, values))
        return rowsChanged ?? values.count / 7
    }
}
