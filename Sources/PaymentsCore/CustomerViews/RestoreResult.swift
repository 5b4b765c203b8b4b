import Foundation

/// What a restore gave back: Chargebee's list of restored subscriptions with their store
/// status, plus the non-consumables and non-renewing passes StoreKit restores alongside them.
public struct RestoreResult: Hashable, Sendable, Codable {
    public var accountID: String
    /// Newest first.
    public var subscriptions: [RestoredSubscription]
    /// Oldest first.
    public var nonConsumables: [RestoredPurchase]
    /// Oldest first.
    public var passes: [RestoredPurchase]
    /// The store clock's time of the restore.
    public var restoredAt: Date

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(accountID: String, subscriptions: [RestoredSubscription], nonConsumables: [RestoredPurchase],
                passes: [RestoredPurchase], restoredAt: Date) {
        self.accountID = accountID
        self.subscriptions = subscriptions
        self.nonConsumables = nonConsumables
        self.passes = passes
        self.restoredAt = restoredAt
    }
}
