import Foundation

/// A new idempotency key per benchmark iteration: a repeated key would measure a replay instead.
final class KeyCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}
