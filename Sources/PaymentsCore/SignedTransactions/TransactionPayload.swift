import Foundation

/// The signed body of a store transaction, shaped like the App Store Server API's
/// `JWSTransactionDecodedPayload` so that code written against StoreKit 2 reads naturally.
///
/// Every field is Apple's, with Apple's meaning, so that Apple's `SignedDataVerifier` decodes a Kiosk
/// payload without loss: `price` is in milliunits of `currency` (9.99 USD is 9990, 1500 JPY is
/// 1500000; see ``Money/milliunits``), and optional fields are left out when they do not apply.
///
/// Dates travel as integer milliseconds since 1970 when encoded with ``TransactionJSONCoding``, which is
/// what signing and verification use. The initializer rounds dates to whole milliseconds so that a payload
/// compares equal to its own verified round trip.
public struct TransactionPayload: Codable, Sendable, Equatable {
    public var transactionId: String
    public var originalTransactionId: String
    /// The id of one billing period of an auto-renewable subscription (purchase or renewal).
    public var webOrderLineItemId: String?
    public var bundleId: String
    public var productId: String
    public var subscriptionGroupIdentifier: String?
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    public var expiresDate: Date?
    public var offerType: TransactionOfferType?
    public var offerIdentifier: String?
    public var offerDiscountType: TransactionOfferDiscountType?
    /// The redeemed offer's length as an ISO 8601 duration, for example `P1W`.
    public var offerPeriod: String?
    /// True once the customer upgraded from this subscription to a higher-ranked one.
    public var isUpgraded: Bool?
    public var transactionReason: TransactionReason?
    /// The customer's app transaction: one id per account, the same on all its transactions.
    public var appTransactionId: String?
    public var revocationDate: Date?
    public var revocationReason: TransactionRevocationReason?
    public var environment: TransactionEnvironment
    /// ISO 3166-1 alpha-3 country code of the storefront, for example `USA`.
    public var storefront: String
    public var storefrontId: String
    /// Price in milliunits of `currency`, as Apple's payloads carry it.
    public var price: Int64
    /// ISO 4217 currency code, for example `USD`.
    public var currency: String
    public var appAccountToken: UUID?
    public var type: TransactionProductType
    public var quantity: Int
    public var signedDate: Date
    public var inAppOwnershipType: TransactionOwnershipType

    public init(
        transactionId: String,
        originalTransactionId: String,
        webOrderLineItemId: String? = nil,
        bundleId: String,
        productId: String,
        subscriptionGroupIdentifier: String? = nil,
        purchaseDate: Date,
        originalPurchaseDate: Date,
        expiresDate: Date? = nil,
        offerType: TransactionOfferType? = nil,
        offerIdentifier: String? = nil,
        offerDiscountType: TransactionOfferDiscountType? = nil,
        offerPeriod: String? = nil,
        isUpgraded: Bool? = nil,
        transactionReason: TransactionReason? = nil,
        appTransactionId: String? = nil,
        revocationDate: Date? = nil,
        revocationReason: TransactionRevocationReason? = nil,
        environment: TransactionEnvironment,
        storefront: String,
        storefrontId: String,
        price: Int64,
        currency: String,
        appAccountToken: UUID? = nil,
        type: TransactionProductType,
        quantity: Int,
        signedDate: Date,
        inAppOwnershipType: TransactionOwnershipType = .purchased
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.bundleId = bundleId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate.roundedToMilliseconds
        self.originalPurchaseDate = originalPurchaseDate.roundedToMilliseconds
        self.expiresDate = expiresDate?.roundedToMilliseconds
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.offerDiscountType = offerDiscountType
        self.offerPeriod = offerPeriod
        self.isUpgraded = isUpgraded
        self.transactionReason = transactionReason
        self.appTransactionId = appTransactionId
        self.revocationDate = revocationDate?.roundedToMilliseconds
        self.revocationReason = revocationReason
        self.environment = environment
        self.storefront = storefront
        self.storefrontId = storefrontId
        self.price = price
        self.currency = currency
        self.appAccountToken = appAccountToken
        self.type = type
        self.quantity = quantity
        self.signedDate = signedDate.roundedToMilliseconds
        self.inAppOwnershipType = inAppOwnershipType
    }

    /// Keys a payload must carry to be a transaction at all; used to name every missing one at once
    /// instead of only the first the decoder tripped over.
    static let requiredKeys: [String] = [
        CodingKeys.transactionId, .originalTransactionId, .bundleId, .productId, .purchaseDate,
        .originalPurchaseDate, .environment, .storefront, .storefrontId, .price, .currency, .type,
        .quantity, .signedDate, .inAppOwnershipType,
    ].map(\.stringValue)
}
