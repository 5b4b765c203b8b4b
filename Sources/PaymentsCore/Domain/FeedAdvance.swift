/// How far the change feed moved after a position, and whose feeds moved: one query tells a
/// server holding a thousand customers' live streams which of them have news, so the others are
/// not woken to read nothing.
public struct FeedAdvance: Hashable, Sendable {
    /// The last event read, in feed order (unchanged when nothing was written). Ids need not
    /// rise in feed order (on PostgreSQL two servers commit side by side): compare them for
    /// equality only.
    public var position: Int64
    /// Each account with events after the asked position, with its last one in feed order.
    public var accounts: [String: Int64]

    public init(position: Int64, accounts: [String: Int64]) {
        self.position = position
        self.accounts = accounts
    }
}
