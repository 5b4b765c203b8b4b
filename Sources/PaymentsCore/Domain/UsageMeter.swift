import Foundation

/// How much of a metered feature an account has used in the current window.
public struct UsageMeter: Hashable, Sendable, Codable {
    public var featureID: String
    public var featureName: String
    public var kind: Feature.Kind
    /// Nil when unlimited (or for interval features).
    public var limit: Int?
    public var used: Int
    /// End of the current window for limit features.
    public var resetsAt: Date?
    /// For interval features: when the next use is allowed (nil: now).
    public var nextAvailableAt: Date?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(featureID: String, featureName: String, kind: Feature.Kind, limit: Int? = nil, used: Int,
                resetsAt: Date? = nil, nextAvailableAt: Date? = nil) {
        self.featureID = featureID
        self.featureName = featureName
        self.kind = kind
        self.limit = limit
        self.used = used
        self.resetsAt = resetsAt
        self.nextAvailableAt = nextAvailableAt
    }
}

/// A use that was accepted.
public struct UsageReceipt: Hashable, Sendable, Codable {
    public var featureID: String
    public var recordedAt: Date
    public var meter: UsageMeter
}
