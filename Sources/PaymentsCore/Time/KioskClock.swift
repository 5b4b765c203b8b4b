import Foundation
import Synchronization

/// The only source of "now" in the core and the view models.
///
/// Injecting it is what makes renewals, trials and usage windows testable: tests and QA flows
/// pass a `ManualClock`, accounts attached to a test clock read the test clock instead.
public protocol KioskClock: Sendable {
    var now: Date { get }
}

/// Real time, for production use: the one place allowed to read the system clock.
public struct SystemClock: KioskClock {
    public init() {}
    public var now: Date { Date() }  // the system clock itself
}

/// A clock that moves only when told to, for tests and deterministic runs.
public final class ManualClock: KioskClock {
    private let current: Mutex<Date>

    public init(_ start: Date) { current = Mutex(start) }

    public var now: Date { current.withLock { $0 } }

    public func set(_ date: Date) { current.withLock { $0 = date } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}
