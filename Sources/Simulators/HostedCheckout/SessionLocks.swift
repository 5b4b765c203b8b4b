/// One caller at a time per checkout session in this process: a second submit of the card form
/// waits for the first one's answer instead of racing it to the store. Across processes the
/// session row's claim on the charge request does the same (see `CheckoutSessionRow.purchaseMethodID`).
actor SessionLocks {
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func acquire(_ id: String) async {
        guard waiting[id] != nil else {
            waiting[id] = []
            return
        }
        await withCheckedContinuation { waiting[id, default: []].append($0) }
    }

    func release(_ id: String) {
        guard var queue = waiting[id], !queue.isEmpty else {
            waiting[id] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[id] = queue
        next.resume()
    }

    func withLock<T: Sendable>(_ id: String, _ body: @Sendable () async throws -> T) async throws -> T {
        await acquire(id)
        do {
            let result = try await body()
            release(id)
            return result
        } catch {
            release(id)
            throw error
        }
    }
}
