/// The runtime: holds the state, runs the reducer on each action, starts its effects and feeds
/// their actions back. With `recording`, every reduced action is kept, so a session can be
/// replayed; a long-running app leaves it off, since clock ticks and polls alone add a couple of
/// actions a second forever.
@MainActor
public final class Store<R: Reducer> {
    public private(set) var state: R.State
    /// Every action reduced so far, in order: user input and effect results alike (empty when
    /// not recording).
    public private(set) var recordedActions: [R.Action] = []
    private let isRecording: Bool
    /// Called after every state change, for the front end to redraw.
    public var onChange: (@MainActor (R.State) -> Void)?
    /// Called (from the effect's task, once the action is queued for the main actor) whenever an
    /// effect hands an action back, so a host blocked waiting for input lets it in at once.
    public nonisolated let onEffectAction: (@Sendable () -> Void)?
    private let reducer: R
    private let cancellable = CancellableOperations()

    public init(initialState: R.State, reducer: R, recording: Bool = true,
                onEffectAction: (@Sendable () -> Void)? = nil) {
        self.state = initialState
        self.reducer = reducer
        isRecording = recording
        self.onEffectAction = onEffectAction
    }

    /// Reduces `action` and returns a task that finishes when its effects and all their
    /// follow-up actions have finished.
    @discardableResult
    public func send(_ action: R.Action) -> Task<Void, Never> {
        let work = EffectWork()
        reduce(action, into: work)
        guard !work.isEmpty else { return Task {} }
        return Task { await work.finish() }
    }

    /// Reduces one action, reduces its immediate actions at once, in order, and starts its
    /// operations as one task counted in `work`. An operation's action is reduced the same way
    /// into the same `work`, so the effects of one input form a flat set of tasks, not a chain in
    /// which every operation waits, holding what it sent, for everything that followed from it
    /// (walking 100,000 invoices a page at a time kept every page alive that way). An operation
    /// under an id gets a task of its own, the unit a later `.cancel(id:)` stops.
    private func reduce(_ action: R.Action, into work: EffectWork) {
        if isRecording { recordedActions.append(action) }
        let effect = reducer.reduce(into: &state, action: action)
        onChange?(state)
        var operations: [@Sendable (Send<R.Action>) async -> Void] = []
        for part in effect.parts {
            switch part {
            case let .action(action): reduce(action, into: work)
            case let .operation(operation):
                if let id = operation.id {
                    start(operation.body, under: id, into: work)
                } else {
                    operations.append(operation.body)
                }
            case let .cancel(id): cancellable.cancel(id)
            }
        }
        guard !operations.isEmpty else { return }
        let send = send(into: work, unless: nil)
        // Detached: a task made here would belong to the main actor and could not even start its
        // operations while the host waits for a key on it.
        work.add(Task.detached {
            await withTaskGroup(of: Void.self) { group in
                for operation in operations {
                    group.addTask { await operation(send) }
                }
            }
        })
    }

    private func start(_ operation: @escaping @Sendable (Send<R.Action>) async -> Void, under id: EffectID,
                       into work: EffectWork) {
        let running = RunningOperation()
        let send = send(into: work, unless: running)
        // The task removes itself on the main actor, so it cannot do so before it is added below.
        let task = Task.detached { [weak self] in
            await operation(send)
            await self?.cancellable.remove(running, under: id)
        }
        running.task = task
        cancellable.add(running, under: id)
        work.add(task)
    }

    /// How operations hand actions back; those of a cancelled operation are dropped.
    private func send(into work: EffectWork, unless cancelled: RunningOperation?) -> Send<R.Action> {
        let wake = onEffectAction
        return Send<R.Action> { [weak self] action in
            // The host is woken only once the reduction is queued on the main actor: woken
            // earlier, it could look for work, find none yet, and block on its next wait.
            await withCheckedContinuation { (reduced: CheckedContinuation<Void, Never>) in
                Task { @MainActor in
                    if cancelled?.isCancelled != true { self?.reduce(action, into: work) }
                    reduced.resume()
                }
                wake?()
            }
        }
    }
}

/// The tasks started, directly or through follow-up actions, by one `Store.send`.
@MainActor
private final class EffectWork {
    private var running: [Task<Void, Never>] = []

    var isEmpty: Bool { running.isEmpty }

    func add(_ task: Task<Void, Never>) {
        running.append(task)
    }

    /// Waits until every task has finished, including tasks added while waiting.
    func finish() async {
        while !running.isEmpty {
            await running.removeFirst().value
        }
    }
}

/// The operations running under each effect id, so `Effect.cancel(id:)` can find them.
@MainActor
final class CancellableOperations {
    private var running: [EffectID: [RunningOperation]] = [:]

    func add(_ operation: RunningOperation, under id: EffectID) {
        running[id, default: []].append(operation)
    }

    /// Forgets an operation that ended, so the table only holds what can still be stopped.
    func remove(_ operation: RunningOperation, under id: EffectID) {
        running[id]?.removeAll { $0 === operation }
        if running[id]?.isEmpty == true { running[id] = nil }
    }

    func cancel(_ id: EffectID) {
        for operation in running.removeValue(forKey: id) ?? [] { operation.cancel() }
    }
}

/// An operation started under an id, as the store tracks it until it ends.
///
/// The flag, not only the task's cancellation, is what drops a late action: an operation that
/// does not check for cancellation, or sent its action just before being cancelled, must still
/// not have that action reduced.
@MainActor
final class RunningOperation {
    private(set) var isCancelled = false
    var task: Task<Void, Never>?

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}

/// The name under which an effect's operations run, so a later effect can cancel them.
///
/// Any `Hashable & Sendable` value names an effect; the box only erases its type, which is safe
/// to send because every value put in it is itself `Sendable`.
struct EffectID: Hashable, @unchecked Sendable {
    private let value: AnyHashable

    init(_ value: some Hashable & Sendable) {
        self.value = AnyHashable(value)
    }
}
