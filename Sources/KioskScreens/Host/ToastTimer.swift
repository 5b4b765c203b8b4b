import Foundation
import KioskViewModels

/// Toasts go away on their own after a while, timed by the host's clock: the app state only
/// lists them, so the timer remembers when each was first seen.
public struct ToastTimer: Sendable, Hashable {
    public static let lifetime: TimeInterval = 5
    private var firstSeen: [Int64: Date] = [:]

    public init() {}

    /// The toasts shown for `lifetime` or longer at `now`; toasts no longer listed are forgotten.
    public mutating func expired(_ toasts: [Toast], now: Date) -> [Int64] {
        let listed = Set(toasts.map(\.id))
        firstSeen = firstSeen.filter { listed.contains($0.key) }
        for toast in toasts where firstSeen[toast.id] == nil { firstSeen[toast.id] = now }
        return toasts.map(\.id).filter { id in firstSeen[id].map { now.timeIntervalSince($0) >= Self.lifetime } ?? false }
    }
}
