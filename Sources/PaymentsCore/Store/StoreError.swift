/// The errors a store call can fail with: StoreKit 2's `StoreKitError` and
/// `Product.PurchaseError`, plus `userCancelled`, which a purchase reports as a result instead.
public enum StoreError: String, Error, Hashable, Sendable, Codable, CaseIterable {
    case userCancelled = "user_cancelled"
    case networkError = "network_error"
    case systemError = "system_error"
    case notAvailableInStorefront = "not_available_in_storefront"
    case notEntitled = "not_entitled"
    case productUnavailable = "product_unavailable"
    case purchaseNotAllowed = "purchase_not_allowed"
    case ineligibleForOffer = "ineligible_for_offer"
    case invalidOfferIdentifier = "invalid_offer_identifier"
    case unknown

    public var userMessage: String {
        switch self {
        case .userCancelled: "The purchase was cancelled."
        case .networkError: "The store could not be reached. Check your connection and try again."
        case .systemError: "The store had a problem. Try again later."
        case .notAvailableInStorefront: "This is not available in your country or region."
        case .notEntitled: "This account is not entitled to that."
        case .productUnavailable: "This product is not available right now."
        case .purchaseNotAllowed: "Purchases are not allowed on this account."
        case .ineligibleForOffer: "You are not eligible for this offer."
        case .invalidOfferIdentifier: "This offer is not valid."
        case .unknown: "Something went wrong with the store."
        }
    }
}
