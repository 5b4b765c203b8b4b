import NIOConcurrencyHelpers

/// The running sessions, so a stopping server can say goodbye to each.
final class SSHSessionRegistry: Sendable {
    private struct Entries {
        var next = 0
        var goodbyes: [Int: @Sendable (String) -> Void] = [:]
    }

    private let entries = NIOLockedValueBox(Entries())

    func add(_ goodbye: @escaping @Sendable (String) -> Void) -> Int {
        entries.withLockedValue { entries in
            entries.next += 1
            entries.goodbyes[entries.next] = goodbye
            return entries.next
        }
    }

    func remove(_ id: Int) {
        entries.withLockedValue { _ = $0.goodbyes.removeValue(forKey: id) }
    }

    /// Tells every session `line`; each closes its channel once its terminal is restored.
    func sayGoodbye(_ line: String) {
        let goodbyes = entries.withLockedValue { Array($0.goodbyes.values) }
        for goodbye in goodbyes { goodbye(line) }
    }

    var isEmpty: Bool { entries.withLockedValue { $0.goodbyes.isEmpty } }
}
