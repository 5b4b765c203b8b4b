/// One write of this process at a time, in arrival order.
///
/// Why: every write first runs the store's due work, which reads the same subscriptions whatever
/// the write is for, so two writes at once under SERIALIZABLE would mostly fail each other and
/// be run again. Taking turns in the process makes a single instance behave as SQLite's single
/// writer does; the isolation level still keeps several instances correct.
actor WriteTurn {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await take()
        defer { handOn() }
        return try await body()
    }

    private func take() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func handOn() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
