/// Store-wide rules of the billing lifecycle.
public struct StoreSettings: Hashable, Sendable, Codable {
    /// App Store Connect's billing grace period: access continues while renewals are retried.
    public var gracePeriodEnabled: Bool
    public var gracePeriodDays: Int
    /// How long failed renewals are retried before the subscription expires (Apple: 60 days).
    public var billingRetryDays: Int
    /// Where App Store Server Notifications V2 are posted (App Store Connect's production server
    /// URL); nil keeps them in the outbox.
    public var notificationURL: String?

    public init(gracePeriodEnabled: Bool = true, gracePeriodDays: Int = 16, billingRetryDays: Int = 60) {
        self.gracePeriodEnabled = gracePeriodEnabled
        self.gracePeriodDays = gracePeriodDays
        self.billingRetryDays = billingRetryDays
    }

    /// Days after the failed renewal date on which the charge is tried again, within the retry window.
    public static let retryDays = [1, 3, 5, 7, 14, 21, 28, 35, 42, 49, 56]
}
