/// Who signs a transaction, each with a chain of its own in the data directory.
///
/// A card or hosted-checkout sale is the merchant's: Apple never saw it, so its token must not
/// carry the App Store's signature (a verifier trusting only Apple's root would otherwise take a
/// card purchase for an App Store one, and a receipt endpoint would credit it as one). Both sign
/// the same StoreKit 2 format, so a client verifies either by trusting both roots.
public enum SigningParty: String, Sendable, Hashable, CaseIterable, Codable {
    /// Sales the merchant charged itself: cards, the hosted checkout.
    case merchant
    /// Sales the App Store billed to the customer's store account.
    case appStore = "app_store"

    /// What signs a sale of this billing: the party that took the money.
    public init(billing: Billing) {
        switch billing {
        case .card: self = .merchant
        case .store: self = .appStore
        }
    }

    /// The chain's folder in the data directory. The App Store's keeps the name it had when it was
    /// the only chain, so receipts signed before the merchant had its own keep verifying.
    public var folderName: String {
        switch self {
        case .merchant: "merchant-signing"
        case .appStore: "transaction-signing"
        }
    }

    /// The chain's files, by their paths in the data directory.
    public var chainFiles: [String] {
        SigningKeyDirectory.allFiles.map { "\(folderName)/\($0)" }
    }

    /// The chain's file a server replaces by itself (the leaf, renewed before it expires): any leaf
    /// the intermediate issued signs for the same root, so servers sharing a chain need not agree on it.
    public var renewedFile: String {
        "\(folderName)/\(SigningKeyDirectory.leafFile)"
    }

    /// For people: "the merchant", "the App Store".
    public var displayName: String {
        switch self {
        case .merchant: "the merchant"
        case .appStore: "the App Store"
        }
    }
}
