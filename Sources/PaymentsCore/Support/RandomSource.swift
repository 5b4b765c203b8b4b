import Synchronization

/// The injected source of randomness (card tokens, fingerprint keys), shareable across tasks.
/// Production passes the system generator; tests and QA runs a `SeededGenerator`.
public final class RandomSource: Sendable {
    private let generator: Mutex<any RandomNumberGenerator & Sendable>

    public init(_ generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.generator = Mutex(generator)
    }

    /// Runs `body` with exclusive use of the generator.
    public func with<T>(_ body: (inout any RandomNumberGenerator & Sendable) throws -> T) rethrows -> T {
        try generator.withLock { try body(&$0) }
    }
}
