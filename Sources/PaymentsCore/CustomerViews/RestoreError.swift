import Foundation

/// Why a restore found nothing to give back, in the terms of Chargebee's and RevenueCat's
/// restore APIs, each with a message for the customer.
///
/// The rule, in the order it is checked:
/// - the store's `.restore` operation failed (an injected fault): `serviceError`;
/// - the account never bought anything: `noReceipt`;
/// - it bought only consumables, which are never restored: `noPurchasesToRestore` (RevenueCat);
/// - it has restorable purchases, but none active and inactive ones were not asked for:
///   `noProductsToRestore` (Chargebee);
/// - the signed transaction behind a restored item is missing or does not verify against the
///   store's roots (the merchant's and the App Store's): `invalidReceiptData`, naming the product.
public enum RestoreError: Error, Hashable, Sendable, Codable {
    case noReceipt
    case noPurchasesToRestore
    case noProductsToRestore
    case invalidReceiptData(productID: String)
    case serviceError(StoreError)

    public var userMessage: String {
        switch self {
        case .noReceipt: "There are no purchases on this account to restore."
        case .noPurchasesToRestore: "Nothing to restore: consumable purchases are used up and cannot be restored."
        case .noProductsToRestore: "No active purchases to restore. Earlier purchases have ended."
        case let .invalidReceiptData(productID): "The purchase record for \(productID) could not be verified."
        case let .serviceError(error): error.userMessage
        }
    }
}

extension RestoreError: LocalizedError {
    public var errorDescription: String? { userMessage }
}
