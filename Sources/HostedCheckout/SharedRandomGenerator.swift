import Synchronization

/// One injected generator shared by concurrent request handlers: servers draw session ids and
/// card tokens from it, so tests can seed it and production can pass the system generator.
public final class SharedRandomGenerator: RandomNumberGenerator, Sendable {
    private let generator: Mutex<any RandomNumberGenerator & Sendable>

    public init(_ generator: any RandomNumberGenerator & Sendable) {
        self.generator = Mutex(generator)
    }

    /// Draws from the operating system's secure generator.
    public static func system() -> SharedRandomGenerator {
        SharedRandomGenerator(SystemRandomNumberGenerator())
    }

    public func next() -> UInt64 {
        generator.withLock { $0.next() }
    }
}
