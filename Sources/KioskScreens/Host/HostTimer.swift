import Foundation
import KioskViewModels

/// When the host's periodic actions are due: a clock tick about once a second (elapsed-time
/// displays, checkout timeouts) and a read of the change feed every two seconds. Pure, so the
/// schedule is tested with dates instead of waiting.
public struct HostTimer: Sendable, Hashable {
    public static let tickInterval: TimeInterval = 1
    public static let pollInterval: TimeInterval = 2

    private var lastTick: Date?
    private var lastPoll: Date?

    public init() {}

    public struct Due: Sendable, Hashable {
        public var tick: Bool
        public var poll: Bool

        public init(tick: Bool, poll: Bool) {
            self.tick = tick
            self.poll = poll
        }
    }

    /// What is due at `now`, marking it done. The first call starts both intervals (launch
    /// already reads the feed); a clock that jumps back restarts them.
    public mutating func due(at now: Date) -> Due {
        guard let lastTick, let lastPoll, now >= lastTick, now >= lastPoll else {
            self.lastTick = now
            self.lastPoll = now
            return Due(tick: false, poll: false)
        }
        let due = Due(tick: now.timeIntervalSince(lastTick) >= Self.tickInterval,
                      poll: now.timeIntervalSince(lastPoll) >= Self.pollInterval)
        if due.tick { self.lastTick = now }
        if due.poll { self.lastPoll = now }
        return due
    }
}

/// Notices queue on the status line and each goes away on its own after a while, timed by the
/// host's clock: the app state only lists them, so the timer remembers when the one shown (the
/// oldest) was first seen. A notice waiting behind it starts its time only once it shows.
public struct ToastTimer: Sendable, Hashable {
    public static let lifetime: TimeInterval = 5
    private var shownID: Int64?
    private var shownSince: Date?

    public init() {}

    /// The shown notice, once it has been up for `lifetime` at `now`.
    public mutating func expired(_ toasts: [Toast], now: Date) -> [Int64] {
        guard let head = toasts.first else {
            shownID = nil
            shownSince = nil
            return []
        }
        if shownID != head.id {
            shownID = head.id
            shownSince = now
        }
        guard let since = shownSince, now.timeIntervalSince(since) >= Self.lifetime else { return [] }
        return [head.id]
    }
}
