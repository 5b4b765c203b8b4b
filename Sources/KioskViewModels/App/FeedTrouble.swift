/// The change feed could not be read: what went wrong, said on the status line until a read
/// succeeds, and how many of the host's polls to let pass before trying again, doubling with
/// each failure so a server that is down is not hammered every two seconds.
public struct FeedTrouble: Hashable, Sendable {
    /// The failure as the screen words it ("Can't reach the server at http://…").
    public var reason: String
    /// Failed reads in a row.
    public var failures: Int
    /// Polls still to skip before the next try.
    public var pollsToSkip: Int

    /// The most polls skipped between tries (with a 2 s poll, about half a minute).
    public static let maximumPollsSkipped = 15

    public init(reason: String, failures: Int) {
        self.reason = reason
        self.failures = failures
        pollsToSkip = min((1 << min(failures - 1, 8)) - 1, Self.maximumPollsSkipped)
    }

    /// The status line's words: the failure, and that the storefront keeps trying.
    public var notice: String { "\(reason) — retrying…" }
}
