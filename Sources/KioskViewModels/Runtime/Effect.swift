/// Work a reducer asks for: async operations that may send follow-up actions back, and actions
/// to reduce at once.
///
/// Reducers stay pure (state in, state out); everything that touches the payments core, the
/// clock or files happens in an effect, so a session can be replayed from its actions alone.
/// An action sent with `.send` is reduced before the runtime takes the next input: a key that
/// edits a text field must be applied before the next key reads the field, or fast typing and
/// pastes lose characters.
public struct Effect<Action: Sendable>: Sendable {
    /// One piece of an effect, in the order the reducer gave them.
    enum Part: Sendable {
        case action(Action)
        case operation(@Sendable (Send<Action>) async -> Void)
    }

    let parts: [Part]

    public static var none: Effect { Effect(parts: []) }

    public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
        Effect(parts: [.operation(operation)])
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

    public var isNone: Bool { parts.isEmpty }

    /// Lifts a child's effect into its parent's action type.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        Effect<Parent>(parts: parts.map { part in
            switch part {
            case let .action(action):
                return .action(transform(action))
            case let .operation(operation):
                return .operation { send in await operation(Send { action in await send(transform(action)) }) }
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
