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
}

/// A use that was accepted.
public struct UsageReceipt: Hashable, Sendable, Codable {
    public var featureID: String
    public var recordedAt: Date
    public var meter: UsageMeter
}
