/// Who is charged: a saved card (Stripe-like) or the store account itself (StoreKit-like, where
/// the platform bills and the app never sees a card).
public enum Billing: String, Hashable, Sendable, Codable {
    case card
    case store
}
