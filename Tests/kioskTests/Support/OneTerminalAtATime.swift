import Testing

/// Tests that drive a terminal in tmux take turns. Their waits hold no thread now (`TmuxSession`
/// polls with `Task.sleep`; before, two polling at once held both threads of a two-core machine's
/// pool and stalled the whole run), but each runs kiosk and a tmux server redrawing every key:
/// one at a time keeps them from slowing each other past their waits on a two-core machine.
struct OneTerminalAtATime: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// One turn per test case, not per suite (the suite's scope would hold the turn for all of it).
    func scopeProvider(for test: Test, testCase: Test.Case?) -> OneTerminalAtATime? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await TerminalTurns.shared.take()
        do {
            try await function()
        } catch {
            await TerminalTurns.shared.giveBack()
            throw error
        }
        await TerminalTurns.shared.giveBack()
    }
}

extension Trait where Self == OneTerminalAtATime {
    static var oneTerminalAtATime: Self { OneTerminalAtATime() }
}

/// The one turn, handed to waiters in the order they asked.
private actor TerminalTurns {
    static let shared = TerminalTurns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func giveBack() {
        if waiting.isEmpty { taken = false } else { waiting.removeFirst().resume() }
    }
}
