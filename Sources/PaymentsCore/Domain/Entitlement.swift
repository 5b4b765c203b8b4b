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

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, source: Source, expiresAt: Date? = nil, willRenew: Bool, periodType: PeriodType? = nil) {
        self.id = id
        self.source = source
        self.expiresAt = expiresAt
        self.willRenew = willRenew
        self.periodType = periodType
    }
}
