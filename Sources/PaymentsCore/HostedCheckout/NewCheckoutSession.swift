import Foundation

/// What creating a checkout session needs: who buys what, where the browser goes afterwards,
/// and the anti-forgery state both redirects must carry back.
public struct NewCheckoutSession: Sendable, Hashable, Codable {
    public static let defaultLifetime: TimeInterval = 24 * 60 * 60

    public var accountID: String
    public var productID: String
    public var successURL: String
    public var cancelURL: String
    public var state: String
    /// Seconds from creation (on the account's clock) until the session can no longer be paid.
    public var lifetime: TimeInterval
    /// A promo code the customer entered before leaving for the browser; checked when the session
    /// is created, shown on the page and applied to the charge.
    public var offerCode: String?
    /// The client's key for this checkout: the same request with the same key returns the same
    /// session, and each charge of the session is keyed from it.
    public var idempotencyKey: String?

    public init(accountID: String, productID: String, successURL: String, cancelURL: String, state: String,
                lifetime: TimeInterval = NewCheckoutSession.defaultLifetime, offerCode: String? = nil,
                idempotencyKey: String? = nil) {
        self.accountID = accountID
        self.productID = productID
        self.successURL = successURL
        self.cancelURL = cancelURL
        self.state = state
        self.lifetime = lifetime
        self.offerCode = offerCode
        self.idempotencyKey = idempotencyKey
    }
}
