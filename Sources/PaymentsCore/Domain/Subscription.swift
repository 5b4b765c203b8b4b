import Foundation

/// An auto-renewable subscription and where it is in its life.
///
/// `state` maps 1:1 to StoreKit 2's `Product.SubscriptionInfo.RenewalState`; the other fields
/// carry what StoreKit spreads over `RenewalInfo` (willAutoRenew, expiration reason, pending
/// product) and what Stripe calls `cancel_at_period_end`.
public struct Subscription: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var accountID: String
    public var groupID: String
    public var planID: String
    public var productID: String
    public var state: RenewalState
    public var periodType: PeriodType
    public var currentPeriodStart: Date
    public var currentPeriodEnd: Date
    public var originalPurchaseDate: Date
    /// False once the customer cancels at period end (StoreKit's willAutoRenew).
    public var willAutoRenew: Bool
    /// A downgrade or crossgrade waiting for the next renewal.
    public var pendingProductID: String?
    public var expirationReason: ExpirationReason?
    public var revocationDate: Date?
    public var revocationReason: RevocationReason?
    /// When a renewal first failed in the current billing issue (RevenueCat's billingIssueDetectedAt).
    public var billingIssueDetectedAt: Date?
    /// When auto-renew was turned off (RevenueCat's unsubscribeDetectedAt).
    public var unsubscribeDetectedAt: Date?
    public var gracePeriodEndsAt: Date?
    public var billingRetryEndsAt: Date?
    /// The amount paid for the current period, the basis of any proration credit.
    public var periodAmountPaid: Money
    public var paymentMethodID: String?
    public var cancellationReason: CancellationReason?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, accountID: String, groupID: String, planID: String, productID: String,
                state: RenewalState, periodType: PeriodType, currentPeriodStart: Date, currentPeriodEnd: Date,
                originalPurchaseDate: Date, willAutoRenew: Bool, pendingProductID: String? = nil,
                expirationReason: ExpirationReason? = nil, revocationDate: Date? = nil,
                revocationReason: RevocationReason? = nil, billingIssueDetectedAt: Date? = nil,
                unsubscribeDetectedAt: Date? = nil, gracePeriodEndsAt: Date? = nil, billingRetryEndsAt: Date? = nil,
                periodAmountPaid: Money, paymentMethodID: String? = nil,
                cancellationReason: CancellationReason? = nil) {
        self.id = id
        self.accountID = accountID
        self.groupID = groupID
        self.planID = planID
        self.productID = productID
        self.state = state
        self.periodType = periodType
        self.currentPeriodStart = currentPeriodStart
        self.currentPeriodEnd = currentPeriodEnd
        self.originalPurchaseDate = originalPurchaseDate
        self.willAutoRenew = willAutoRenew
        self.pendingProductID = pendingProductID
        self.expirationReason = expirationReason
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.billingIssueDetectedAt = billingIssueDetectedAt
        self.unsubscribeDetectedAt = unsubscribeDetectedAt
        self.gracePeriodEndsAt = gracePeriodEndsAt
        self.billingRetryEndsAt = billingRetryEndsAt
        self.periodAmountPaid = periodAmountPaid
        self.paymentMethodID = paymentMethodID
        self.cancellationReason = cancellationReason
    }

    /// Active means the customer still has the subscription relationship (StoreKit shows it),
    /// not necessarily access: billing retry is active but not entitled.
    public var isActive: Bool { state == .subscribed || state == .inGracePeriod || state == .inBillingRetryPeriod }

    /// Only subscribed and grace-period subscriptions grant access.
    public var isEntitled: Bool { state == .subscribed || state == .inGracePeriod }
}

/// StoreKit 2's renewal states.
public enum RenewalState: String, Hashable, Sendable, Codable, CaseIterable {
    case subscribed
    case inGracePeriod
    case inBillingRetryPeriod
    case expired
    case revoked
}

/// StoreKit's offer/period type of the current period.
public enum PeriodType: String, Hashable, Sendable, Codable, CaseIterable {
    case trial
    case intro
    case normal
}

/// StoreKit 2's `RenewalInfo.ExpirationReason`.
public enum ExpirationReason: String, Hashable, Sendable, Codable, CaseIterable {
    case autoRenewDisabled
    case billingError
    case didNotConsentToPriceIncrease
    case productUnavailable
    case unknown
}

/// StoreKit 2's `Transaction.RevocationReason`, plus a plain refund issued by the merchant.
public enum RevocationReason: String, Hashable, Sendable, Codable, CaseIterable {
    case developerIssue
    case other
    case refunded
}

/// Exit-survey answers when a customer cancels (the options Apple and RevenueCat ask).
public enum CancellationReason: String, Hashable, Sendable, Codable, CaseIterable {
    case tooExpensive = "too_expensive"
    case missingFeatures = "missing_features"
    case switchedService = "switched_service"
    case unused
    case customerService = "customer_service"
    case tooComplex = "too_complex"
    case lowQuality = "low_quality"
    case other
}
