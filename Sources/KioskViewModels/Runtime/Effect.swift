/// Work a reducer asks for: async operations that may send follow-up actions back.
///
/// Reducers stay pure (state in, state out); everything that touches the payments core, the
/// clock or files happens in an effect, so a session can be replayed from its actions alone.
public struct Effect<Action: Sendable>: Sendable {
    let operations: [@Sendable (Send<Action>) async -> Void]

    public static var none: Effect { Effect(operations: []) }

    public static func run(_ operation: @escaping @Sendable (Send<Action>) async -> Void) -> Effect {
        Effect(operations: [operation])
    }

    /// Feeds an action straight back, e.g. a child's delegate action to its parent.
    public static func send(_ action: Action) -> Effect {
        Effect(operations: [{ send in await send(action) }])
    }

    public static func merge(_ effects: Effect...) -> Effect {
        Effect(operations: effects.flatMap(\.operations))
    }

    public var isNone: Bool { operations.isEmpty }

    /// Lifts a child's effect into its parent's action type.
    public func map<Parent: Sendable>(_ transform: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
        Effect<Parent>(operations: operations.map { operation in
            { (send: Send<Parent>) in await operation(Send { action in await send(transform(action)) }) }
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
