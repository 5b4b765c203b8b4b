extension SubscriptionStatusVocabulary {
    /// The providers whose words Kiosk speaks, in the order tables show them (StoreKit first:
    /// it is the model Kiosk's own state follows).
    public enum Provider: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CodingKeyRepresentable {
        case storeKit = "storekit"
        case stripe
        case revenueCat = "revenuecat"
        case chargebee
        case dodoPayments = "dodopayments"

        public var displayName: String {
            switch self {
            case .storeKit: "StoreKit 2"
            case .stripe: "Stripe"
            case .revenueCat: "RevenueCat"
            case .chargebee: "Chargebee"
            case .dodoPayments: "Dodo Payments"
            }
        }

        public static func < (lhs: Provider, rhs: Provider) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }
    }
}
