import Foundation
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

    /// A version 4 UUID drawn from the generator (a notification's `notificationUUID`).
    public func uuid() -> UUID {
        with { generator in
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            bytes[8] = (bytes[8] & 0x3F) | 0x80
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }
}
