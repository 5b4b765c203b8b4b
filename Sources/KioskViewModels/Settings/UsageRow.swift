import Foundation
import PaymentsCore

/// A usage meter as worded: "2 of 3 used", "Resets on Feb 1, 2026", "Next refresh at …".
public struct UsageRow: Hashable, Sendable {
    public var name: String
    /// Uses in the current window, and the window's limit (nil when unlimited or not a limit
    /// feature): the numbers a usage bar is drawn from.
    public var used: Int
    public var limit: Int?
    public var usedText: String
    /// When the window resets (limit features) or when the next use is allowed (interval features).
    public var timingText: String?

    init(_ meter: UsageMeter) {
        name = meter.featureName
        used = meter.used
        limit = meter.kind == .limit ? meter.limit : nil
        usedText = switch meter.kind {
        case .limit: meter.limit.map { "\(meter.used) of \($0) used" } ?? "\(meter.used) used (unlimited)"
        case .interval, .flag: "\(meter.used) used"
        }
        if let next = meter.nextAvailableAt {
            timingText = "Next refresh available at \(DateWording.minute(next))"
        } else if meter.kind == .interval {
            timingText = "Next refresh available now"
        } else {
            timingText = meter.resetsAt.map { "Resets on \(DateWording.day($0))" }
        }
    }
}
