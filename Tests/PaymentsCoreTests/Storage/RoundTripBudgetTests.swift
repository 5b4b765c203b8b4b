import Foundation
import KioskPostgresStore
import Testing
@testable import PaymentsCore

/// On PostgreSQL every statement is a round trip, and a purchase's time is mostly its round trips
/// (BENCHMARKS.md, PostgreSQL purchase: the bare loop sends 10). These pin what the paths users
/// take send, `BEGIN`, the feed's mark and `COMMIT` included, so a rule that adds a statement shows
/// here before it shows in the benchmark.
@Suite(.enabled(if: CoreTestStorage.onPostgres, "round trips are PostgreSQL's cost; SQLite runs in process"))
struct RoundTripBudgetTests {
    /// A keyed purchase of each product, and at most how many statements it sends. Points: after
    /// `BEGIN` and the mark, look for due work, read the controls, claim the key, read the card
    /// and the account, draw three ids at once, write the invoice, its ledger line, the purchase,
    /// the transaction, the points and their ledger line, the events at once, and the key's
    /// answer; `COMMIT`. (21 before ids were drawn together, events inserted together and the
    /// charged card's follow-up stopped reading the card again.) A subscription: its intro check,
    /// the subscription and the transaction's id on it instead of points.
    static let budgets: [(product: String, statements: Int)] = [("points.500", 17), ("pro.monthly", 18)]

    @Test(arguments: budgets)
    func aKeyedPurchase(of product: String, sendsAtMost budget: Int) async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        _ = try await store.buy(ada, "points.500", key: "warm-up")
        let sent = try await statements(in: store) { _ = try await store.buy(ada, product, key: "measured") }
        #expect(sent <= budget, "a keyed purchase of \(product) sent \(sent) statements")
    }

    private func statements(in store: CoreFixture, _ body: () async throws -> Void) async throws -> Int {
        let storage = try #require(store.service.storage as? PostgresStorage)
        let before = storage.statementsSent
        try await body()
        return storage.statementsSent - before
    }
}
