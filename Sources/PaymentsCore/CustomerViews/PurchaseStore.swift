/// RevenueCat's `Store` of a purchase: the App Store for store billing (the platform charges
/// the customer's store account), Stripe for card billing (Kiosk charges a saved card).
public enum PurchaseStore: String, Hashable, Sendable, Codable, CaseIterable {
    case appStore = "app_store"
    case stripe

    public init(_ billing: Billing) {
        switch billing {
        case .store: self = .appStore
        case .card: self = .stripe
        }
    }
}
