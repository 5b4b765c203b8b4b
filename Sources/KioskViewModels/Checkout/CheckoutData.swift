import Foundation
import PaymentsCore

public struct CheckoutData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var eligibleForIntroOffer: Bool
    public var paymentMethods: [PaymentMethod]
    /// Set when the account already subscribes: buying a plan product is then a plan change.
    public var planChange: PlanChangePreview?
    public var now: Date
    /// Access the account has now: a product granting one of these gets a warning before paying.
    public var entitlements: [Entitlement]

    public init(catalog: Catalog, account: Account, eligibleForIntroOffer: Bool, paymentMethods: [PaymentMethod],
                planChange: PlanChangePreview?, now: Date, entitlements: [Entitlement] = []) {
        self.catalog = catalog
        self.account = account
        self.eligibleForIntroOffer = eligibleForIntroOffer
        self.paymentMethods = paymentMethods
        self.planChange = planChange
        self.now = now
        self.entitlements = entitlements
    }
}
