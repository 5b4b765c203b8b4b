import Synchronization

/// What the store and its simulators did that an operator watches (`GET /metrics`), told once it
/// has happened: renewals after their transaction committed, webhook attempts once recorded, a
/// database transaction each time it is run again, a wait for a connection once one came.
///
/// Only counts, outcomes and durations pass through: never a customer, key, email or card.
public struct StoreObserver: Sendable {
    /// The renewals one run of due work (or one test-clock advance) committed.
    public var renewalsRan: @Sendable (ClockAdvanceReport) -> Void = { _ in }
    /// Hosted-checkout webhook attempts, as recorded in the provider's outbox.
    public var webhookAttempted: @Sendable ([WebhookDeliveryAttempt]) -> Void = { _ in }
    /// A transaction the database aborted and that is run again, by why (`serialization_failure`,
    /// `deadlock`).
    public var transactionRetried: @Sendable (_ reason: String) -> Void = { _ in }
    /// How long a transaction waited for a database connection from the pool.
    public var connectionWaited: @Sendable (Duration) -> Void = { _ in }

    public init() {}
}

/// A part of the store that reports to a `StoreObserver` once given one.
public protocol StoreObservable: Sendable {
    func observe(_ observer: StoreObserver)
}

/// Where a `StoreObservable` keeps its observer: set once at wiring, read on every event.
public final class StoreObserverSlot: Sendable {
    private let slot = Mutex(StoreObserver())

    public init() {}

    public var current: StoreObserver { slot.withLock { $0 } }

    public func set(_ observer: StoreObserver) { slot.withLock { $0 = observer } }
}
