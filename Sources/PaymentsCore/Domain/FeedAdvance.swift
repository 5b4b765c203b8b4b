/// How far the change feed moved after a position, and whose feeds moved: one query tells a
/// server holding a thousand customers' live streams which of them have news, so the others are
/// not woken to read nothing.
public struct FeedAdvance: Hashable, Sendable {
    /// The end of the whole feed (unchanged when nothing was written).
    public var position: Int64
    /// Each account with events after the asked position, with the position of its latest one.
    public var accounts: [String: Int64]

    public init(position: Int64, accounts: [String: Int64]) {
        self.position = position
        self.accounts = accounts
    }
}
