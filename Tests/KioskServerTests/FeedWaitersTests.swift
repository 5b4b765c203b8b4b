import Foundation
import PaymentsCore
import Testing
@testable import KioskServer

/// The feed signal's rules, one poll at a time, on a clock of plain numbers.
@Suite struct FeedWaitersTests {
    typealias Waiters = FeedWaiters<Int, String>

    /// A feed that has polled once and ended at `position`.
    func polled(at position: Int64) -> Waiters {
        var waiters = Waiters()
        _ = waiters.poll(FeedAdvance(position: position, accounts: [:]), now: 0)
        return waiters
    }

    @Test func aPurchaseWakesOnlyTheStreamsOfItsCustomer() {
        var waiters = polled(at: 10)
        #expect(waiters.add(UUID(), accountID: "ann", beyond: 8, known: 10, deadline: 100, token: "ann 1") == nil)
        #expect(waiters.add(UUID(), accountID: "ann", beyond: 9, known: 10, deadline: 100, token: "ann 2") == nil)
        #expect(waiters.add(UUID(), accountID: "bob", beyond: 10, known: 10, deadline: 100, token: "bob") == nil)

        let woken = waiters.poll(FeedAdvance(position: 12, accounts: ["ann": 12]), now: 1)

        #expect(woken.map(\.token).sorted() == ["ann 1", "ann 2"])
        #expect(woken.allSatisfy { $0.wake == .moved })
        #expect(waiters.position == 12)
        #expect(!waiters.isEmpty)
    }

    @Test func newsAtOrBeforeTheCursorWakesNobody() {
        var waiters = polled(at: 10)
        _ = waiters.add(UUID(), accountID: "ann", beyond: 12, known: 10, deadline: 100, token: "ann")
        #expect(waiters.poll(FeedAdvance(position: 12, accounts: ["ann": 12]), now: 1).isEmpty)
        #expect(waiters.poll(FeedAdvance(position: 13, accounts: ["ann": 13]), now: 2).map(\.token) == ["ann"])
    }

    @Test func aWaiterWhoseReadPredatesTheLastPollReadsAgainAtOnce() {
        var waiters = polled(at: 10)
        // The stream noted position 7 before reading; a poll since moved to 10: it may have missed 8-10.
        #expect(waiters.add(UUID(), accountID: "ann", beyond: 5, known: 7, deadline: 100, token: "ann") == .moved)
        #expect(waiters.isEmpty)
    }

    @Test func theFirstPollWakesEveryoneWhoWaitedBeforeIt() {
        var waiters = Waiters()
        _ = waiters.add(UUID(), accountID: "ann", beyond: 3, known: -1, deadline: 100, token: "ann")
        _ = waiters.add(UUID(), accountID: "bob", beyond: 0, known: -1, deadline: 100, token: "bob")
        let woken = waiters.poll(FeedAdvance(position: 40, accounts: [:]), now: 0)
        #expect(woken.map(\.token).sorted() == ["ann", "bob"])
        #expect(woken.allSatisfy { $0.wake == .moved })
    }

    @Test func aDeadlineWakesForAKeepAliveEvenWhenThePollFails() {
        var waiters = polled(at: 10)
        _ = waiters.add(UUID(), accountID: "ann", beyond: 10, known: 10, deadline: 5, token: "ann")
        _ = waiters.add(UUID(), accountID: "bob", beyond: 10, known: 10, deadline: 50, token: "bob")
        #expect(waiters.poll(nil, now: 4).isEmpty)
        let woken = waiters.poll(nil, now: 5)
        #expect(woken.map(\.token) == ["ann"])
        #expect(woken.first?.wake == .timedOut)
        #expect(waiters.position == 10)
    }

    @Test func aRemovedWaiterIsNotWokenAndGivesBackItsToken() {
        var waiters = polled(at: 10)
        let id = UUID()
        _ = waiters.add(id, accountID: "ann", beyond: 10, known: 10, deadline: 100, token: "ann")
        #expect(waiters.remove(id) == "ann")
        #expect(waiters.poll(FeedAdvance(position: 11, accounts: ["ann": 11]), now: 1).isEmpty)
        #expect(waiters.isEmpty)
    }
}

/// On PostgreSQL the feed's order is commit order, and ids need not rise in it.
@Suite struct FeedWaitersCommitOrderTests {
    @Test func newsWithALowerIdThanTheCursorStillWakes() {
        var waiters = FeedWaiters<Int, String>()
        _ = waiters.poll(FeedAdvance(position: 12, accounts: [:]), now: 0)
        #expect(waiters.add(UUID(), accountID: "ann", beyond: 12, known: 12, deadline: 100, token: "ann") == nil)
        let woken = waiters.poll(FeedAdvance(position: 11, accounts: ["ann": 11]), now: 1)
        #expect(woken.map(\.token) == ["ann"])
        #expect(waiters.position == 11)
        // A stream that noted 12 before reading, when a poll has since moved to 11, reads again.
        #expect(waiters.add(UUID(), accountID: "ann", beyond: 11, known: 12, deadline: 100, token: "ann") == .moved)
    }
}
