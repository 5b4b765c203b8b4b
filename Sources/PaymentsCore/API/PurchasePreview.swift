import Foundation

/// What buying a product would charge the account now, before anything is charged: the same
/// quote the purchase itself applies (a free trial is zero today, a promo code and the account's
/// balance come off), so a page that shows it and the charge that follows agree.
public struct PurchasePreview: Sendable, Hashable, Codable {
    public var productID: String
    /// The promo code as the catalog spells it, when one was given and is valid.
    public var offerCode: String?
    public var dueToday: Money
    /// When a subscription first renews and what that renewal charges; nil for a one-time product.
    public var firstRenewal: CheckoutRenewal?

    public init(productID: String, offerCode: String?, dueToday: Money, firstRenewal: CheckoutRenewal?) {
        self.productID = productID
        self.offerCode = offerCode
        self.dueToday = dueToday
        self.firstRenewal = firstRenewal
    }
}
