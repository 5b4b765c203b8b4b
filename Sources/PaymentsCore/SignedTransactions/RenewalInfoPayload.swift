import Foundation

/// Apple's `JWSRenewalInfoDecodedPayload`: what the App Store says about a subscription's next
/// renewal, signed like a transaction. Field names and units are Apple's (dates in milliseconds,
/// `renewalPrice` in milliunits), so Apple's own decoder reads it without loss.
public struct RenewalInfoPayload: Codable, Hashable, Sendable {
    public var originalTransactionId: String
    public var productId: String
    /// The product the next period renews into (a scheduled downgrade or crossgrade shows here).
    public var autoRenewProductId: String
    /// 1 on, 0 off.
    public var autoRenewStatus: Int
    /// Why an expired subscription ended: 1 cancelled, 2 billing error, 3 price increase declined,
    /// 4 product unavailable, 5 other.
    public var expirationIntent: Int?
    public var gracePeriodExpiresDate: Date?
    public var isInBillingRetryPeriod: Bool?
    public var environment: TransactionEnvironment
    public var recentSubscriptionStartDate: Date
    public var renewalDate: Date
    public var renewalPrice: Int64?
    public var currency: String?
    public var appTransactionId: String?
    public var signedDate: Date

    public init(originalTransactionId: String, productId: String, autoRenewProductId: String, autoRenewStatus: Int,
                expirationIntent: Int?, gracePeriodExpiresDate: Date?, isInBillingRetryPeriod: Bool?,
                environment: TransactionEnvironment, recentSubscriptionStartDate: Date, renewalDate: Date,
                renewalPrice: Int64?, currency: String?, appTransactionId: String?, signedDate: Date) {
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.autoRenewProductId = autoRenewProductId
        self.autoRenewStatus = autoRenewStatus
        self.expirationIntent = expirationIntent
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.environment = environment
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currency = currency
        self.appTransactionId = appTransactionId
        self.signedDate = signedDate
    }
}

extension RenewalInfoPayload {
    /// Apple's `expirationIntent` number for why a subscription ended.
    public static func expirationIntent(_ reason: ExpirationReason?) -> Int {
        switch reason {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        case .unknown, nil: 5
        }
    }
}

/// A subscription's renewal info and its compact JWS.
public struct SignedRenewalInfo: Hashable, Sendable {
    public var subscriptionID: String
    public var payload: RenewalInfoPayload
    public var jws: String

    public init(subscriptionID: String, payload: RenewalInfoPayload, jws: String) {
        self.subscriptionID = subscriptionID
        self.payload = payload
        self.jws = jws
    }
}
