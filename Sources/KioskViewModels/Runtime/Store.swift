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
    private let reducer: R

    public init(initialState: R.State, reducer: R, recording: Bool = true) {
        self.state = initialState
        self.reducer = reducer
        isRecording = recording
    }

    /// Reduces `action` and returns a task that finishes when its effects and all their
    /// follow-up actions have finished.
    @discardableResult
    public func send(_ action: R.Action) -> Task<Void, Never> {
        if isRecording { recordedActions.append(action) }
        let effect = reducer.reduce(into: &state, action: action)
        onChange?(state)
        guard !effect.isNone else { return Task {} }
        let send = Send<R.Action> { [weak self] action in
            await self?.send(action).value
        }
        // Immediate actions are reduced now, in order, before the caller's next input.
        var followUps: [Task<Void, Never>] = []
        var operations: [@Sendable (Send<R.Action>) async -> Void] = []
        for part in effect.parts {
            switch part {
            case let .action(action): followUps.append(self.send(action))
            case let .operation(operation): operations.append(operation)
            }
        }
        let pending = followUps
        return Task {
            await withTaskGroup(of: Void.self) { group in
                for operation in operations {
                    group.addTask { await operation(send) }
                }
            }
            for followUp in pending { await followUp.value }
        }
    }
}
