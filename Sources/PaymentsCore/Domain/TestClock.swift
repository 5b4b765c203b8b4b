import Foundation

/// A Stripe-style test clock: accounts attached to it live at its frozen time, and advancing it
/// runs everything that would have happened in between.
public struct TestClock: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var name: String
    public var frozenTime: Date
    public var createdAt: Date

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, name: String, frozenTime: Date, createdAt: Date) {
        self.id = id
        self.name = name
        self.frozenTime = frozenTime
        self.createdAt = createdAt
    }
}

/// What an advance did, in counts, for progress and QA reports.
public struct ClockAdvanceReport: Hashable, Sendable, Codable {
    public var clockID: String
    public var from: Date
    public var to: Date
    public var renewals = 0
    public var failedRenewals = 0
    public var recoveries = 0
    public var expirations = 0
    public var trialConversions = 0

    public init(clockID: String, from: Date, to: Date) {
        self.clockID = clockID
        self.from = from
        self.to = to
    }
}

extension ClockAdvanceReport {
    /// Counts another part of the same advance (the other party's work, a later step) in.
    public mutating func add(_ part: ClockAdvanceReport) {
        renewals += part.renewals
        failedRenewals += part.failedRenewals
        recoveries += part.recoveries
        expirations += part.expirations
        trialConversions += part.trialConversions
    }
}
