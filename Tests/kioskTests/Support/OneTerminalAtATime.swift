import Testing

/// Tests that drive a terminal in tmux wait by polling, which holds the thread they run on. Swift
/// Testing starts every test at once on a pool as wide as the machine has cores (two on CI), so two
/// such tests at once stalled every other test of the run: a PostgreSQL connection missed its 5 s
/// bound, a 400 ms request timeout passed before a server read a request sent whole. They take
/// turns, so a terminal holds at most one of the pool's threads.
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
