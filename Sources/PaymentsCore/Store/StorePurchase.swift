import Foundation

/// A StoreKit-style purchase: billed by the store account, no card involved.
public struct StorePurchaseRequest: Hashable, Sendable, Codable {
    public var accountID: String
    public var productID: String
    public var offerCode: String?
    /// StoreKit's `appAccountToken`: the app's own id for the customer, echoed in the transaction.
    public var appAccountToken: UUID?
    public var idempotencyKey: String?

    public init(accountID: String, productID: String, offerCode: String? = nil, appAccountToken: UUID? = nil,
                idempotencyKey: String? = nil) {
        self.accountID = accountID
        self.productID = productID
        self.offerCode = offerCode
        self.appAccountToken = appAccountToken
        self.idempotencyKey = idempotencyKey
    }
}

/// StoreKit 2's `Product.PurchaseResult`.
public enum StorePurchaseResult: Hashable, Sendable, Codable {
    case success(SignedTransaction, PurchaseReceipt)
    case userCancelled
    /// Waiting for ask-to-buy approval or for an interrupted purchase to be resolved.
    case pending(PendingAction)
}
