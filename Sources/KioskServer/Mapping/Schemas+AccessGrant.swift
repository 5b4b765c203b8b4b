import KioskAPI
import KioskAPIMapping
import PaymentsCore

extension Components.Schemas.AccessGrant {
    /// One core entitlement with its source spelled out flat, as the contract carries it.
    init(_ entitlement: Entitlement) {
        var subscriptionID: String?
        var state: Components.Schemas.RenewalState?
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
                  periodType: entitlement.periodType.map(Components.Schemas.PeriodType.init))
    }
}
