import Foundation
import X509

/// The two chains a store signs transactions with: the merchant's for what it charges itself, the
/// App Store's for what the store account pays (see ``SigningParty``).
public struct SigningChains: Sendable {
    public let merchant: TransactionSigningAuthority
    public let appStore: TransactionSigningAuthority

    public init(merchant: TransactionSigningAuthority, appStore: TransactionSigningAuthority) {
        self.merchant = merchant
        self.appStore = appStore
    }

    public subscript(party: SigningParty) -> TransactionSigningAuthority {
        switch party {
        case .merchant: merchant
        case .appStore: appStore
        }
    }

    /// Loads both chains of a data directory, creating whichever is missing.
    ///
    /// - Parameter unused: the parties that never signed anything kept in the store; only their chains
    ///   may start over when damaged (see `TransactionSigningAuthority.loadOrCreate`).
    public static func loadOrCreate(
        dataDirectory: URL,
        now: Date,
        using generator: inout some RandomNumberGenerator,
        unused: Set<SigningParty> = []
    ) throws(TransactionSigningAuthorityError) -> SigningChains {
        let appStore = try TransactionSigningAuthority.loadOrCreate(
            .appStore, dataDirectory: dataDirectory, now: now, using: &generator,
            startOverIfDamaged: unused.contains(.appStore))
        let merchant = try TransactionSigningAuthority.loadOrCreate(
            .merchant, dataDirectory: dataDirectory, now: now, using: &generator,
            startOverIfDamaged: unused.contains(.merchant))
        return SigningChains(merchant: merchant, appStore: appStore)
    }
}
