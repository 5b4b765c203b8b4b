/// The order the change feed reads events in, written once for both engines.
///
/// SQLite commits one writer at a time, so `seq` order is commit order. On PostgreSQL two servers
/// commit side by side, and an event numbered 11 can commit before one numbered 10: a reader that
/// had passed 11 would never see 10. There each event records the transaction that wrote it
/// (`tx`, migration v24), the feed runs in (tx, seq) order, and it stops short of the oldest of
/// this store's transactions still running in the reader's own snapshot: every one before it has
/// finished, so nothing can appear later behind a position already read. A transaction of the
/// snapshot counts unless it is still running now without the store's `FeedWriterLock` (which a
/// write takes before it has an id, so one running without it never writes here); one that has
/// ended since counts too, since its events are not in the snapshot. So other stores and
/// databases on the server hold nothing back. Event ids stay the cursors:
/// the position after event N is N's place in that order.
struct EventFeedOrder {
    private enum Engine { case sqlite, postgres }

    private let engine: Engine

    /// One statement for both engines, written with each one's fragments.
    static func sql(_ text: (EventFeedOrder) -> String) -> StoreSQL {
        StoreSQL(sqlite: text(EventFeedOrder(engine: .sqlite)), postgres: text(EventFeedOrder(engine: .postgres)))
    }

    /// Settled events of `table` (a name or alias of `events`) after a position, or all of them
    /// in the snapshot with `settledOnly` false. Its arguments are the position twice, on both
    /// engines, so one argument list serves both texts.
    func after(_ table: String = "events", settledOnly: Bool = true) -> String {
        switch engine {
        case .sqlite:
            "\(table).seq > MAX(?, ?)"
        case .postgres:
            // A position that names no event (0, or one lost with a rolled-back transaction) is
            // placed by the nearest event before it.
            """
            (\(table).tx, \(table).seq) > (COALESCE((SELECT p.tx FROM events p WHERE p.seq <= ? \
            ORDER BY p.seq DESC LIMIT 1), 0), ?)\(settledOnly ? " AND " + settled(table) : "")
            """
        }
    }

    /// Events no transaction still running can precede.
    func settled(_ table: String = "events") -> String {
        switch engine {
        case .sqlite: "TRUE"
        case .postgres: "\(table).tx < \(Self.horizon)"
        }
    }

    /// The oldest transaction id of the reader's snapshot that may still write to this store's
    /// feed (the snapshot's end when none may). Read from one copy of the lock table (each
    /// transaction holds the lock of its own id, granted and exclusive; a transaction waiting on
    /// it asks for a share), so "still running" and "without the mark" are true at the same
    /// instant. `pg_locks` shows ids in their 32-bit form. At its end a transaction releases the
    /// lock of its id before advisory locks (PostgreSQL's `ProcReleaseLocks`: the default lock
    /// method first, user locks after), so an ending writer never looks unmarked while running.
    private static let horizon = """
        (WITH locks AS MATERIALIZED (SELECT pid, locktype, mode, granted, transactionid, database, classid, objid, objsubid FROM pg_locks) \
        SELECT COALESCE(MIN(CAST(CAST(x AS TEXT) AS BIGINT)), CAST(CAST(pg_snapshot_xmax(pg_current_snapshot()) AS TEXT) AS BIGINT)) \
        FROM pg_snapshot_xip(pg_current_snapshot()) AS x WHERE NOT EXISTS (SELECT 1 FROM locks t \
        WHERE t.locktype = 'transactionid' AND t.granted AND t.mode = 'ExclusiveLock' \
        AND CAST(CAST(t.transactionid AS TEXT) AS BIGINT) = CAST(CAST(x AS TEXT) AS BIGINT) % 4294967296 \
        AND NOT EXISTS (SELECT 1 FROM locks l WHERE l.pid = t.pid AND \(FeedWriterLock.isMark))))
        """

    /// A row's writing transaction (nothing to say on SQLite).
    func writer(_ table: String = "events") -> String {
        switch engine {
        case .sqlite: "NULL"
        case .postgres: "\(table).tx"
        }
    }

    /// Whether the transaction bound to its one argument has settled: every one of the store's
    /// before it has ended (always, with one writer at a time).
    func passed() -> String {
        switch engine {
        case .sqlite: "? IS NOT NULL"
        case .postgres: "\(Self.horizon) > ?"
        }
    }

    func ascending(_ table: String = "events") -> String {
        switch engine {
        case .sqlite: "\(table).seq"
        case .postgres: "\(table).tx, \(table).seq"
        }
    }

    func descending(_ table: String = "events") -> String {
        switch engine {
        case .sqlite: "\(table).seq DESC"
        case .postgres: "\(table).tx DESC, \(table).seq DESC"
        }
    }
}
