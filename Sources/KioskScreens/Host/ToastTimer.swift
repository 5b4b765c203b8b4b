import Foundation
import KioskViewModels

/// Notices queue on the status line and each goes away on its own after a while, timed by the
/// host's clock: the app state only lists them, so the timer remembers when the one shown (the
/// oldest) was first seen. A notice waiting behind it starts its time only once it shows.
public struct ToastTimer: Sendable, Hashable {
    public static let lifetime: TimeInterval = 5
    private var shownID: Int64?
    private var shownSince: Date?

    public init() {}

    /// The shown notice, once it has been up for `lifetime` at `now`.
    public mutating func expired(_ toasts: [Toast], now: Date) -> [Int64] {
        guard let head = toasts.first else {
            shownID = nil
            shownSince = nil
            return []
        }
        if shownID != head.id {
            shownID = head.id
            shownSince = now
        }
        guard let since = shownSince, now.timeIntervalSince(since) >= Self.lifetime else { return [] }
        return [head.id]
    }
}
