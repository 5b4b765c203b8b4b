import Foundation
import Testing
@testable import PaymentsCore

/// Two servers on one PostgreSQL store commit side by side, so an event can commit after one
/// numbered above it. A feed reader must neither skip it nor see the later one first: the feed
/// holds back what a running transaction could still precede (`EventFeedOrder`). On SQLite one
/// writer commits at a time and the case cannot arise (a held write would block the other).
@Suite(.enabled(if: CoreTestStorage.onPostgres, "one SQLite writer at a time: ids are commit order"))
struct FeedCommitOrderTests {
    @Test func anEventCommittedLateBehindAHigherOneIsNotSkipped() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let start = try await store.service.feedPosition(accountID: nil)
        let other = try await store.reopen()

        // The other server writes an event and, before it commits, this one commits a purchase.
        let (written, wroteEvent) = AsyncStream<Int64>.makeStream()
        let (commit, release) = AsyncStream<Void>.makeStream()
        let slow = Task {
            try await other.storage.write { transaction in
                let seq = try await transaction.fetchOne(Int64.self, """
                    INSERT INTO events(account_id, type, at) VALUES (?, ?, 0) RETURNING seq
                    """, [ada.id, StoreEventType.refunded.rawValue])
                wroteEvent.yield(seq ?? 0)
                for await _ in commit { break }
            }
        }
        var writtenIterator = written.makeAsyncIterator()
        let lateID = try #require(await writtenIterator.next())
        _ = try await store.buy(ada, "points.500")

        // A reader now sees nothing past the running transaction's place in the feed.
        let early = try await store.service.events(accountID: nil, after: start, limit: 100)
        #expect(early.allSatisfy { $0.id < lateID }, "read past a transaction still running: \(early.map(\.id))")
        #expect(try await store.service.feedPosition(accountID: nil) == start)

        release.yield()
        try await slow.value
        let cursor = early.last?.id ?? start
        let late = try await store.service.events(accountID: nil, after: cursor, limit: 100)
        let seen = (early + late).map(\.id)
        #expect(seen.contains(lateID), "the late event was skipped: \(seen)")
        #expect(late.contains { $0.type == .purchaseCompleted })
        #expect(Set(seen).count == seen.count, "an event was read twice: \(seen)")

        // The account's own feed follows the same order, and the feed ends where the reader did.
        let accountFeed = try await store.service.events(accountID: ada.id, after: start, limit: 100).map(\.id)
        #expect(accountFeed.first == lateID, "\(accountFeed)")
        #expect(try await store.service.feedPosition(accountID: nil) == late.last?.id)
    }
}
