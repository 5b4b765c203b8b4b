import Foundation

/// Everything a purchase needs besides the product, gathered once.
struct PurchaseContext {
    var account: AccountRecord
    var code: OfferCode?
    /// The card to charge; nil when the account has none (a free first period needs none).
    var card: PaymentMethodRecord?
    var now: Date
    var authenticated: Bool
    var appAccountToken: UUID?
    /// The original card request, kept so a 3-D Secure challenge can resume it.
    var cardRequest: PurchaseRequest?

    var paymentMethodID: String? { card?.id }
}
