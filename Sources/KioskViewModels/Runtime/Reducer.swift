/// A screen's logic: a pure function from state and action to new state, plus the effect to run.
///
/// Purity is what lets a whole session be replayed from its recorded actions: the reducer never
/// reads the clock, the store or files itself; effects do, and report back with actions.
public protocol Reducer: Sendable {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Equatable & Sendable

    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer {
    /// The states a sequence of actions passes through from `start`, effects ignored: actions an
    /// effect produced are in the recording like any other, so nothing needs to run again.
    public func replay(from start: State, actions: [Action]) -> [State] {
        var state = start
        var states: [State] = []
        for action in actions {
            _ = reduce(into: &state, action: action)
            states.append(state)
        }
        return states
    }
}
