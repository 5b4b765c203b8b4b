/// The operations running under each effect id, so `Effect.cancel(id:)` can find them.
@MainActor
final class CancellableOperations {
    private var running: [EffectID: [RunningOperation]] = [:]

    func add(_ operation: RunningOperation, under id: EffectID) {
        running[id, default: []].append(operation)
    }

    /// Forgets an operation that ended, so the table only holds what can still be stopped.
    func remove(_ operation: RunningOperation, under id: EffectID) {
        running[id]?.removeAll { $0 === operation }
        if running[id]?.isEmpty == true { running[id] = nil }
    }

    func cancel(_ id: EffectID) {
        for operation in running.removeValue(forKey: id) ?? [] { operation.cancel() }
    }
}
