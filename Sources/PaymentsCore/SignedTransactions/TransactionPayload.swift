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

extension TransactionPayload {
    /// App Store storefront ids for common storefronts (StoreKit's `Storefront.id`).
    public static func storefrontID(_ countryCode: String) -> String {
        storefrontIDs[countryCode] ?? "0"
    }

    /// Built once: every transaction asks, and a literal here was a new dictionary per call.
    private static let storefrontIDs = [
        "USA": "143441", "FRA": "143442", "DEU": "143443", "GBR": "143444", "CAN": "143455",
        "AUS": "143460", "JPN": "143462", "ITA": "143450", "ESP": "143454", "NLD": "143452",
    ]
}

/// How the customer came to own the purchase, spelled as App Store payloads spell it.
public enum TransactionOwnershipType: String, Codable, Sendable, CaseIterable {
    case purchased = "PURCHASED"
    case familyShared = "FAMILY_SHARED"
}

/// Why a transaction was refunded or revoked. Encoded as the bare integer App Store payloads use.
public enum TransactionRevocationReason: Int, Codable, Sendable, CaseIterable {
    /// Refunded for another reason, for example an accidental purchase.
    case other = 0
    /// Refunded because of an actual or perceived issue within the app.
    case appIssue = 1
}

/// Why a transaction exists, spelled as App Store payloads spell `transactionReason`: the customer bought
/// something, or an auto-renewable subscription renewed on its own.
public enum TransactionReason: String, Codable, Sendable, CaseIterable {
    case purchase = "PURCHASE"
    case renewal = "RENEWAL"
}

/// The kind of in-app product a transaction is for, spelled exactly as App Store payloads spell it so
/// that decoded payloads read like StoreKit 2 transactions.
public enum TransactionProductType: String, Codable, Sendable, CaseIterable {
    case autoRenewableSubscription = "Auto-Renewable Subscription"
    case nonConsumable = "Non-Consumable"
    case consumable = "Consumable"
    case nonRenewingSubscription = "Non-Renewing Subscription"
}

extension OneTimeProduct.Kind {
    /// The App Store's name for this kind of product in a transaction.
    public var transactionType: TransactionProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewing: .nonRenewingSubscription
        }
    }
}

/// The offer a purchase redeemed. Encoded as the bare integer App Store payloads use (1 to 4).
public enum TransactionOfferType: Int, Codable, Sendable, CaseIterable {
    case introductory = 1
    case promotional = 2
    case offerCode = 3
    case winBack = 4
}

/// How a redeemed offer discounts the price, spelled as App Store payloads spell `offerDiscountType`.
public enum TransactionOfferDiscountType: String, Codable, Sendable, CaseIterable {
    case freeTrial = "FREE_TRIAL"
    case payAsYouGo = "PAY_AS_YOU_GO"
    case payUpFront = "PAY_UP_FRONT"
    case oneTime = "ONE_TIME"
}

/// The environment a signed transaction claims to come from, spelled as in App Store payloads.
///
/// Kiosk's transactions say `Sandbox` unless the catalog's `environment` chooses another, so that Apple's
/// `SignedDataVerifier` configured for the Sandbox accepts them. `Production` exists because Apple's format
/// has it and tests of production code paths need it; a catalog has to ask for it explicitly.
public enum TransactionEnvironment: String, Codable, Sendable, CaseIterable {
    case sandbox = "Sandbox"
    case production = "Production"
    case xcode = "Xcode"
    /// StoreKit's value for transactions minted by a local StoreKit test session.
    case localTesting = "LocalTesting"
}
