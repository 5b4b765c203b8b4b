import Foundation

/// What an app sends its backend after a store purchase (the seeds' points backend):
/// record(user, product, receipt, status, sandbox).
public struct ReceiptSubmission: Hashable, Sendable, Codable {
    public enum Status: String, Hashable, Sendable, Codable {
        case paid = "PAID"
        case failed = "FAILED"
        case pending = "PENDING"
    }

    public var userID: String
    public var productID: String
    /// The store transaction's compact JWS.
    public var receipt: String
    public var status: Status
    public var sandbox: Bool

    public init(userID: String, productID: String, receipt: String, status: Status = .paid, sandbox: Bool = true) {
        self.userID = userID
        self.productID = productID
        self.receipt = receipt
        self.status = status
        self.sandbox = sandbox
    }
}

/// The backend's answer: the same transaction twice credits once and says `isDuplicate`.
public struct ReceiptRecordResult: Hashable, Sendable, Codable {
    public var pointsCredited: Int64
    public var isDuplicate: Bool
    public var transactionID: String
    /// ISO 3166 alpha-3 storefront of the purchase.
    public var storefrontCountry: String
    public var purchaseStatus: ReceiptSubmission.Status
}

/// The backend's typed errors, each with the message a customer may see.
public enum ReceiptBackendError: Error, Hashable, Sendable, Codable {
    case noReceipt
    case invalidReceipt(String)
    case userNotFound(String)
    case planNotFound(String)
    /// The transaction was already recorded for another user.
    case duplicatePurchase(transactionID: String)
    case network
    case server(String)

    public var userMessage: String {
        switch self {
        case .noReceipt: "No receipt was found for this purchase."
        case .invalidReceipt: "The purchase receipt could not be verified."
        case .userNotFound: "Your account could not be found. Sign in and try again."
        case .planNotFound: "This product is not available anymore."
        case .duplicatePurchase: "This purchase already belongs to another account."
        case .network: "We could not reach the server. Your purchase is safe and will be recorded when you are back online."
        case .server: "The server had a problem recording your purchase. It will be retried."
        }
    }

    /// Worth retrying later (the receipt stays queued) rather than a final answer.
    public var isTransient: Bool {
        switch self {
        case .network, .server: true
        default: false
        }
    }
}

/// What one pass over the receipt sync queue did.
public struct ReceiptSyncReport: Hashable, Sendable, Codable {
    public var delivered = 0
    public var failed = 0
    /// Receipts still waiting for a retry.
    public var waiting = 0

    public init() {}
}
