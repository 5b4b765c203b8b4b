import Testing
@testable import KioskViewModels

/// Runs a scripted list of actions through a reducer and checks every state change.
///
/// Effects run to completion, one after another, and the actions they send queue up until the
/// test `receive`s them, so a flow reads as the sequence of states the screen passes through.
@MainActor
final class ViewModelTestStore<R: Reducer> {
    private(set) var state: R.State
    private(set) var received: [R.Action] = []
    private let reducer: R

    init(_ state: R.State, _ reducer: R) {
        self.state = state
        self.reducer = reducer
    }

    /// Sends `action`; `expect` mutates the previous state into the expected one.
    func send(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation,
              _ expect: (inout R.State) -> Void = { _ in }) async {
        await step(action, expect, sourceLocation)
    }

    /// Sends `action` without checking the state; for steps whose detail a later check covers.
    func perform(_ action: R.Action) async {
        await run(action)
    }

    /// Takes the next queued action an effect sent, which must equal `action`.
    func receive(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation,
                 _ expect: (inout R.State) -> Void = { _ in }) async {
        guard !received.isEmpty else {
            Issue.record("Expected to receive \(action), but no action was queued", sourceLocation: sourceLocation)
            return
        }
        let next = received.removeFirst()
        #expect(next == action, sourceLocation: sourceLocation)
        await step(next, expect, sourceLocation)
    }

    /// Takes the next queued action whatever it is, checking the state only through `check`.
    func receiveAny(sourceLocation: SourceLocation = #_sourceLocation, _ check: (R.State) -> Void = { _ in }) async {
        guard !received.isEmpty else {
            Issue.record("Expected an action, but none was queued", sourceLocation: sourceLocation)
            return
        }
        let next = received.removeFirst()
        await run(next)
        check(state)
    }

    /// Receives every queued action (and what they queue), for flows whose detail is not the point.
    func drain() async {
        while !received.isEmpty { await run(received.removeFirst()) }
    }

    /// Every action an effect sent was received.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(received.isEmpty, "Unreceived actions: \(received)", sourceLocation: sourceLocation)
    }

    private func step(_ action: R.Action, _ expect: (inout R.State) -> Void, _ location: SourceLocation) async {
        var expected = state
        expect(&expected)
        await run(action)
        #expect(state == expected, sourceLocation: location)
    }

    private func run(_ action: R.Action) async {
        let effect = reducer.reduce(into: &state, action: action)
        let box = ActionBox<R.Action>()
        for part in effect.parts {
            switch part {
            case let .action(action): await box.append(action)
            case let .operation(operation): await operation(Send { await box.append($0) })
            }
        }
        received += await box.actions
    }
}

/// Collects the actions effects send.
actor ActionBox<Action: Sendable> {
    private(set) var actions: [Action] = []
    func append(_ action: Action) { actions.append(action) }
}
