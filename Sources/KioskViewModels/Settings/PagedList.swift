/// A history read a page at a time by cursor (the points ledger, the event log): what is loaded,
/// where the next page starts, and the state of the page being fetched.
public struct PagedList<Item: Hashable & Sendable, Cursor: Hashable & Sendable>: Hashable, Sendable {
    public var items: [Item]
    /// Nil once the end is reached.
    public var nextCursor: Cursor?
    public var isLoadingMore = false
    /// Why the last page failed; "load more" retries it.
    public var error: ScreenError?

    public init(items: [Item] = [], nextCursor: Cursor? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    public var hasMore: Bool { nextCursor != nil }
}
