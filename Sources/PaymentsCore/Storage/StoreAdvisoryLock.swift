/// The PostgreSQL advisory locks a store takes, one class each, all keyed by the store's schema
/// (so stores sharing a database never wait on one another). Kept in one place so no two uses
/// pick the same class.
public enum StoreAdvisoryLock: Int, Sendable {
    /// Every write's mark, shared (`FeedWriterLock`).
    case feedWriter = 1_802_072_947
    /// Servers opening the store take turns sharing its keys (`PostgresSharedSecrets`).
    case sharedKeys = 1_802_072_948
    /// A scheduler's turn at the due work (`SubscriptionLifecycle.takeSchedulersTurn`).
    case schedulersTurn = 1_802_072_949

    /// The arguments of `pg_advisory_xact_lock` and its kin for this store.
    public var key: String { "\(rawValue), hashtext(current_schema())" }
}

/// The mark every write transaction of a PostgreSQL store carries from its first statement to its
/// end: a shared advisory lock keyed by the store's schema (shared, so writers never wait on one
/// another). A feed reader holds events back behind the store's own transactions still running
/// (`EventFeedOrder`), and the lock tells those apart from transactions of other stores and
/// databases on the same server, which cannot write to this store's feed.
public enum FeedWriterLock {
    /// The call that takes it, in the first statement of each write transaction (before it has a
    /// transaction id; see `PostgresStorage`).
    public static let lock = "pg_advisory_xact_lock_shared(\(StoreAdvisoryLock.feedWriter.key))"

    /// True for a row `l` of `pg_locks` that is this store's mark. `pg_locks` lists every
    /// database's locks, and stores in two databases of one server may share a schema name
    /// (`public`, most of all): the database is part of the store's name.
    static let isMark = """
        l.locktype = 'advisory' AND l.classid = \(StoreAdvisoryLock.feedWriter.rawValue) AND l.objid = CAST(hashtext(current_schema()) AS oid) \
        AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        """
}
