import Synchronization

/// Counts the statements a storage sends: each is a round trip, the cost a write on PostgreSQL
/// is measured by (`PostgresStorage.statementsSent`, `RoundTripBudgetTests`).
final class StatementCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func add(_ statements: Int) {
        count.add(statements, ordering: .relaxed)
    }
}
