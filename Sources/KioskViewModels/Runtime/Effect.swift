/// Work a reducer asks for: async operations that may send follow-up actions back, and actions
/// to reduce at once.
///
/// Reducers stay pure (state in, state out); everything that touches the payments core, the
/// clock or files happens in an effect, so a session can be replayed from its actions alone.
/// An action sent with `.send` is reduced before the runtime takes the next input: a key that
/// edits a text field must be applied before the next key reads the field, or fast typing and
/// pastes lose characters.
///
/// An operation that can outlive the reason it was started for (waiting on a browser the person
/// has since given up on) runs under an id, and a later `.cancel(id:)` stops it: its task is
/// cancelled and anything it still sends is dropped, so no stale answer reaches the reducer.
public struct Effect<Action: Sendable>: Sendable {
    /// One piece of an effect, in the order the reducer gave them.
    enum Part: Sendable {
        case action(Action)
        case operation(Operation)
        /// Stops the operations started under the id that are still running.
        case cancel(EffectID)
    }

    /// Work to run off the main actor, under `id` when it may be cancelled.
    struct Operation: Sendable {
        var id: EffectID?
        let body: @Sendable (Send<Action>) async -> Void
    }

    let parts: [Part]

    public static var none: Effect { Effect(parts: []) }

    public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
        Effect(parts: [.operation(Operation(id: nil, body: operation))])
    }

    /// Stops the operations started under `id`: their tasks are cancelled and what they send from
    /// then on is dropped.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(parts: [.cancel(EffectID(id))])
    }

    /// Feeds an action straight back, e.g. a child's delegate action to its parent.
    public static func send(_ action: Action) -> Effect {
        Effect(parts: [.action(action)])
    }

    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(parts: effects.flatMap(\.parts))
    }

    /// Runs this effect's operations under `id`, so `.cancel(id:)` can stop them; with
    /// `cancelInFlight`, operations still running under `id` are cancelled first, so only the
    /// newest one is ever waited on.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        let id = EffectID(id)
        let named = parts.map { part -> Part in
            guard case var .operation(operation) = part else { return part }
            operation.id = id
            return .operation(operation)
        }
        return Effect(parts: cancelInFlight ? [.cancel(id)] + named : named)
    }

    /// Lifts a child's effect into its parent's action type.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        Effect<Parent>(parts: parts.map { part in
            switch part {
            case let .action(action):
                return .action(transform(action))
            case let .operation(operation):
                return .operation(Effect<Parent>.Operation(id: operation.id) { send in
                    await operation.body(Send { action in await send(transform(action)) })
                })
            case let .cancel(id):
                return .cancel(id)
            }
        })
    }
}

/// How an effect hands an action back to the runtime.
public struct Send<Action: Sendable>: Sendable {
    let deliver: @Sendable (Action) async -> Void

    public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
        self.deliver = deliver
    }

    public func callAsFunction(_ action: Action) async {
        await deliver(action)
    }
}
