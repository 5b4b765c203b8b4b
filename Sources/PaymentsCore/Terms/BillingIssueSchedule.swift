import Foundation

/// What a failed renewal opens, by the store's settings: the retry window, the first retry, and
/// a grace period (keeping access) when the store grants one; otherwise billing retry at once.
public struct BillingIssueSchedule: Hashable, Sendable {
    public var state: RenewalState
    public var retryEndsAt: Date
    public var nextRetryAt: Date?
    public var graceEndsAt: Date?
}
