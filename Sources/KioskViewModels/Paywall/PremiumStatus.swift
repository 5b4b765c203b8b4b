import Foundation
import PaymentsCore

/// What a premium account sees instead of the sales pitch.
public struct PremiumStatus: Hashable, Sendable {
    public var planName: String
    public var productID: String?
    /// "active", "in a grace period".
    public var stateWords: String
    /// When access renews or ends; nil for lifetime access.
    public var date: Date?
    public var willRenew: Bool
}
