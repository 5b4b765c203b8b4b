/// What a scheduler's tick did (`LocalPaymentsService.runScheduledDueWork`).
public enum ScheduledDueWork: Sendable, Equatable {
    /// Nothing was due and no signed token was waiting: nothing was written.
    case nothingDue
    /// It ran everything due.
    case ran
    /// Another server of the same PostgreSQL store was running the due work: its run does it.
    case anotherServersTurn
}
