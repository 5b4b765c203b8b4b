import Foundation

/// Access an account has right now, and why.
public struct Entitlement: Hashable, Sendable, Codable {
    public enum Source: Hashable, Sendable, Codable {
        case subscription(id: String, productID: String, state: RenewalState)
        case nonConsumable(productID: String)
        case nonRenewing(productID: String)
    }

    public var id: String
    public var source: Source
    /// Nil for lifetime access.
    public var expiresAt: Date?
    public var willRenew: Bool
    public var periodType: PeriodType?
}
