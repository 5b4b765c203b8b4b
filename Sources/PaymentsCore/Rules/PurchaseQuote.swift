import Foundation

/// What a purchase of one product would charge now, line by line, computed once and used both by
/// the purchase itself and by anything that announces the price first (the hosted checkout
/// page), so the two cannot disagree.
struct PurchaseQuote {
    var lines: [InvoiceLine]
    var total: Money
    /// Customer balance the charge would consume.
    var appliedBalance: Int64
    /// The subscription the purchase would start (id not yet assigned); nil for a one-time product.
    var subscription: SubscriptionRecord?
    /// The introductory offer the purchase would redeem.
    var intro: IntroOffer?
}
