/// One page of a history, and where the next one starts.
///
/// Cursors are keyset positions, not offsets, so fetching page 1,000 costs what page 1 costs.
public struct Page<Item: Sendable & Codable & Hashable>: Hashable, Sendable, Codable {
    public var items: [Item]
    /// Pass back to get the following page; nil at the end.
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
