/// App Store Server Notifications V2's `notificationType` and `subtype`, as Apple spells them.
public struct StoreNotificationKind: Hashable, Sendable, Codable {
    public var type: String
    public var subtype: String?

    public init(_ type: String, _ subtype: String? = nil) {
        self.type = type
        self.subtype = subtype
    }

    public static let test = StoreNotificationKind("TEST")

    /// What the App Store tells the merchant about a store event, or nil for events it does not
    /// notify. `resubscribe` says the customer had an earlier subscription in the group;
    /// `afterFailedRenewal` that a billing-retry start comes with a failed renewal (otherwise it is
    /// the grace period running out).
    static func of(_ type: StoreEventType, detail: String?, resubscribe: Bool,
                   afterFailedRenewal: Bool) -> StoreNotificationKind? {
        switch type {
        case .subscriptionStarted: StoreNotificationKind("SUBSCRIBED", resubscribe ? "RESUBSCRIBE" : "INITIAL_BUY")
        case .renewed: StoreNotificationKind("DID_RENEW")
        case .recovered: StoreNotificationKind("DID_RENEW", "BILLING_RECOVERY")
        case .gracePeriodStarted: StoreNotificationKind("DID_FAIL_TO_RENEW", "GRACE_PERIOD")
        case .billingRetryStarted:
            afterFailedRenewal ? StoreNotificationKind("DID_FAIL_TO_RENEW") : StoreNotificationKind("GRACE_PERIOD_EXPIRED")
        case .expired: StoreNotificationKind("EXPIRED", expirationSubtype(detail))
        case .cancelled: StoreNotificationKind("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED")
        case .resumed: StoreNotificationKind("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_ENABLED")
        case .planChanged: StoreNotificationKind("DID_CHANGE_RENEWAL_PREF", "UPGRADE")
        case .planChangeScheduled: StoreNotificationKind("DID_CHANGE_RENEWAL_PREF", "DOWNGRADE")
        case .refunded: StoreNotificationKind("REFUND")
        case .revoked: StoreNotificationKind("REVOKE")
        case .priceIncreaseRequested: StoreNotificationKind("PRICE_INCREASE", "PENDING")
        case .priceIncreaseAccepted: StoreNotificationKind("PRICE_INCREASE", "ACCEPTED")
        case .purchaseCompleted: StoreNotificationKind("ONE_TIME_CHARGE")
        case .accountCreated, .trialStarted, .trialConverted, .renewalFailed, .purchaseDeclined, .refundFailed,
             .disputeOpened, .earlyFraudWarning, .pointsCredited, .pointsSpent, .usageRecorded, .paymentMethodAdded,
             .paymentMethodRemoved, .clockAdvanced, .testClockAttached, .testClockDetached, .purchasePending, .purchaseApproved, .purchaseDeclinedByParent,
             .authenticationRequired, .priceIncreaseDeclined, .transactionsCleared:
            nil
        }
    }

    private static func expirationSubtype(_ reason: String?) -> String? {
        switch reason.flatMap(ExpirationReason.init(rawValue:)) {
        case .autoRenewDisabled: "VOLUNTARY"
        case .billingError: "BILLING_RETRY"
        case .didNotConsentToPriceIncrease: "PRICE_INCREASE"
        case .productUnavailable: "PRODUCT_NOT_FOR_SALE"
        case .unknown, nil: nil
        }
    }
}
