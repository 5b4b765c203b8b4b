import KioskAPI
import PaymentsCore

extension Components.Schemas.AccessGrant {
    /// One core entitlement with its source spelled out flat, as the contract carries it.
    init(_ entitlement: Entitlement) {
        var subscriptionID: String?
        var state: SubscriptionStatePayload?
        let source: SourcePayload
        let productID: String
        switch entitlement.source {
        case let .subscription(id, product, renewalState):
            source = .subscription
            productID = product
            subscriptionID = id
            state = .init(renewalState)
        case let .nonConsumable(product):
            source = .nonConsumable
            productID = product
        case let .nonRenewing(product):
            source = .nonRenewing
            productID = product
        }
        self.init(entitlementId: entitlement.id, source: source, productId: productID, subscriptionId: subscriptionID,
                  subscriptionState: state, expiresAt: entitlement.expiresAt, willRenew: entitlement.willRenew,
                  periodType: entitlement.periodType.map(PeriodTypePayload.init))
    }
}

extension Components.Schemas.AccessGrant.SubscriptionStatePayload {
    init(_ state: RenewalState) {
        switch state {
        case .subscribed: self = .subscribed
        case .inGracePeriod: self = .inGracePeriod
        case .inBillingRetryPeriod: self = .inBillingRetryPeriod
        case .expired: self = .expired
        case .revoked: self = .revoked
        }
    }
}

extension Components.Schemas.AccessGrant.PeriodTypePayload {
    init(_ type: PeriodType) {
        switch type {
        case .trial: self = .trial
        case .intro: self = .intro
        case .normal: self = .normal
        }
    }
}
