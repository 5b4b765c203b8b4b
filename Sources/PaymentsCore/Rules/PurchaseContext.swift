import Foundation

/// Everything a purchase needs besides the product, gathered once.
struct PurchaseContext {
    var account: AccountRecord
    var code: OfferCode?
    var payer: Payer
    var now: Date
    var authenticated: Bool
    var appAccountToken: UUID?
    /// The original card request, kept so a 3-D Secure challenge can resume it.
    var cardRequest: PurchaseRequest?

    var paymentMethodID: String? {
        if case let .card(method) = payer { return method?.id }
        return nil
    }
}
