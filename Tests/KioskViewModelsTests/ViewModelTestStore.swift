import CustomDump
import Testing
@testable import KioskViewModels

/// Runs a scripted list of actions through a reducer and checks every state change, so a flow
/// reads as the sequence of states the screen passes through.
///
/// It is exhaustive: every action an effect sends must be taken with `receive`, naming the exact
/// action and the exact state it leads to, and whatever is still queued when the store goes away
/// fails the test. The check runs when the store is released, so a test cannot forget it.
///
/// Operations without an id run to completion within the step that started them, so the actions
/// they send queue up in a fixed order. Operations under an id are the long waits a later action
/// may cancel: they run in the background, `receive` waits for what they send, and a step that
/// cancels them waits until they have stopped, so a test can then check that nothing came of them.
@MainActor
final class ViewModelTestStore<R: Reducer> {
    enum Exhaustivity { case on, off }

    /// `.off` allows `perform`, `receiveAny` and `drain` and forgives actions left unreceived; a
    /// test turns it off only when it is about where a long flow ends (checked with `#expect`),
    /// not the states on the way, and says so where it does.
    var exhaustivity = Exhaustivity.on
    private(set) var state: R.State
    private var received: [R.Action] = []
    private var background: [(id: EffectID, operation: RunningOperation)] = []
    private var arrival: CheckedContinuation<Void, Never>?
    private let reducer: R
    private let location: SourceLocation

    init(_ state: R.State, _ reducer: R, sourceLocation: SourceLocation = #_sourceLocation) {
        self.state = state
        self.reducer = reducer
        location = sourceLocation
    }

    /// The check runs synchronously on the test's own task, where `Issue.record` finds the running
    /// test: tests and the store live on the main actor, and effects hold the store only weakly,
    /// so the last release is always the test's.
    ///
    /// Effects still running here are cancelled rather than reported: one that has just sent its
    /// last action may not have returned yet, and telling the two apart would take a sleep. A wait
    /// that should have been cancelled earlier is caught by the test of that cancellation.
    deinit {
        MainActor.assumeIsolated {
            for (_, operation) in background { operation.cancel() }
            guard exhaustivity == .on, !received.isEmpty else { return }
            Issue.record("""
                \(received.count) action(s) sent by effects were never received:
                \(received.map { String(customDumping: $0) }.joined(separator: "\n"))
                """, sourceLocation: location)
        }
    }

    /// Sends `action`; `expect` mutates the previous state into the expected one.
    func send(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation,
              _ expect: (inout R.State) -> Void = { _ in }) async {
        await step(action, expect, sourceLocation)
    }

    /// Takes the next action an effect sent, which must equal `action`; waits for it while an
    /// operation under an id is still running.
    func receive(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation,
                 _ expect: (inout R.State) -> Void = { _ in }) async {
        guard let next = await next(sourceLocation, expecting: String(customDumping: action)) else { return }
        if next != action {
            Issue.record("""
                Received an unexpected action (−expected +received):
                \(diff(action, next) ?? String(customDumping: next))
                """, sourceLocation: sourceLocation)
        }
        await step(next, expect, sourceLocation)
    }

    /// Sends `action` without checking the state; non-exhaustive stores only.
    func perform(_ action: R.Action, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard allowsShortcut("perform", sourceLocation) else { return }
        await run(action)
    }

    /// Takes the next action whatever it is, checking the state only through `check`;
    /// non-exhaustive stores only.
    func receiveAny(sourceLocation: SourceLocation = #_sourceLocation, _ check: (R.State) -> Void = { _ in }) async {
        guard allowsShortcut("receiveAny", sourceLocation),
              let next = await next(sourceLocation, expecting: "an action") else { return }
        await run(next)
        check(state)
    }

    /// Receives every queued action (and what they queue); non-exhaustive stores only.
    func drain(sourceLocation: SourceLocation = #_sourceLocation) async {
        guard allowsShortcut("drain", sourceLocation) else { return }
        while !received.isEmpty { await run(received.removeFirst()) }
    }

    private func allowsShortcut(_ name: String, _ location: SourceLocation) -> Bool {
        guard exhaustivity == .on else { return true }
        Issue.record("\(name) skips checks; an exhaustive store must send or receive with the expected state",
                     sourceLocation: location)
        return false
    }

    private func next(_ location: SourceLocation, expecting expected: String) async -> R.Action? {
        while received.isEmpty, background.contains(where: { !$0.operation.isCancelled }) {
            await withCheckedContinuation { arrival = $0 }
        }
        guard !received.isEmpty else {
            Issue.record("Expected to receive \(expected), but no action was queued", sourceLocation: location)
            return nil
        }
        return received.removeFirst()
    }

    private func step(_ action: R.Action, _ expect: (inout R.State) -> Void, _ location: SourceLocation) async {
        var expected = state
        expect(&expected)
        await run(action)
        guard state != expected else { return }
        Issue.record("""
            State after \(String(customDumping: action)) differs (−expected +actual):
            \(diff(expected, state) ?? "")
            """, sourceLocation: location)
    }

    private func run(_ action: R.Action) async {
        let effect = reducer.reduce(into: &state, action: action)
        var stopped: [RunningOperation] = []
        for part in effect.parts {
            switch part {
            case let .action(action):
                received.append(action)
            case let .operation(operation):
                if let id = operation.id {
                    start(operation.body, under: id)
                } else {
                    await operation.body(sender(from: nil))
                }
            case let .cancel(id):
                for (named, operation) in background where named == id && !operation.isCancelled {
                    operation.cancel()
                    stopped.append(operation)
                }
            }
        }
        for operation in stopped { await operation.task?.value }
    }

    private func start(_ body: @escaping @Sendable (Send<R.Action>) async -> Void, under id: EffectID) {
        let operation = RunningOperation()
        let send = sender(from: operation)
        operation.task = Task.detached { [weak self] in
            await body(send)
            await MainActor.run { self?.ended(operation) }
        }
        background.append((id, operation))
    }

    /// The store is only looked at on the main actor, so its last release is never an effect's.
    private func sender(from operation: RunningOperation?) -> Send<R.Action> {
        Send { [weak self] action in
            await MainActor.run { self?.enqueue(action, from: operation) }
        }
    }

    private func enqueue(_ action: R.Action, from operation: RunningOperation?) {
        guard operation?.isCancelled != true else { return }
        received.append(action)
        wake()
    }

    private func ended(_ operation: RunningOperation) {
        background.removeAll { $0.operation === operation }
        wake()
    }

    private func wake() {
        arrival?.resume()
        arrival = nil
    }
}
