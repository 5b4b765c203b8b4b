/// What a scheduler's tick did (`LocalPaymentsService.runScheduledDueWork`).
public enum ScheduledDueWork: Sendable, Equatable {
    /// Nothing was due and no signed token was waiting: nothing was written.
    case nothingDue
    /// It ran everything due.
    case ran
    /// Another server of the same PostgreSQL store was running the due work: its run does it.
    case anotherServersTurn

    /// The advisory lock class of a store's scheduler turn (the key's other half is the store's
    /// schema), beside `FeedWriterLock`'s 1802072947 and the shared keys' 1802072948.
    static let turnLockClass = 1_802_072_949
}
