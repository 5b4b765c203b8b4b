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
