import Foundation
import PaymentsCore

/// Who waits for which customer's feed, and whom each poll wakes: the feed signal's rules, kept
/// apart from its polling and its clock so they can be checked one step at a time.
struct FeedWaiters<Instant: Comparable, Token> {
    enum Wake: Equatable, Sendable {
        /// The customer's feed moved (or may have): read it.
        case moved
        /// Nothing happened before the deadline: time for a keep-alive.
        case timedOut
    }

    private struct Waiter {
        var accountID: String
        var beyond: Int64
        var deadline: Instant
        var token: Token
    }

    /// The whole feed's end as the last poll read it; -1 before the first.
    private(set) var position: Int64 = -1
    private var waiters: [UUID: Waiter] = [:]

    var isEmpty: Bool { waiters.isEmpty }

    /// Adds a waiter for the account's events after `cursor`, unless it may have missed news
    /// already: `known` is `position` as it was before the caller's last read, and if a poll has
    /// moved since, the caller reads again at once (`.moved`, and nothing is added). Positions
    /// are compared for equality only: event ids need not rise in feed order (`FeedAdvance`).
    mutating func add(_ id: UUID, accountID: String, beyond cursor: Int64, known: Int64, deadline: Instant,
                      token: Token) -> Wake? {
        if position != known { return .moved }
        waiters[id] = Waiter(accountID: accountID, beyond: cursor, deadline: deadline, token: token)
        return nil
    }

    mutating func remove(_ id: UUID) -> Token? {
        waiters.removeValue(forKey: id)?.token
    }

    /// A poll's result (nil when it failed): wakes each waiter whose account has news other than
    /// the event its cursor is at (all of them after the first poll, which cannot tell what they
    /// missed) and each waiter whose deadline has come.
    mutating func poll(_ advance: FeedAdvance?, now: Instant) -> [(token: Token, wake: Wake)] {
        let first = position < 0
        if let advance { position = advance.position }
        var woken: [(token: Token, wake: Wake)] = []
        for (id, waiter) in waiters {
            let moved = advance.map { advance in
                first || advance.accounts[waiter.accountID].map { $0 != waiter.beyond } ?? false
            } ?? false
            guard moved || waiter.deadline <= now else { continue }
            waiters.removeValue(forKey: id)
            woken.append((waiter.token, moved ? .moved : .timedOut))
        }
        return woken
    }
}
