import Synchronization

/// A store's signing chains and the verifiers that trust their roots, loaded once, when a
/// signature or a verification first needs them.
///
/// Why: opening a store to show a screen (`kiosk status`, a first frame) signs and verifies
/// nothing, so it reads no key file (issue 37). The first caller loads them (under a lock, so
/// concurrent first callers load once); a failure is not kept, so once the files are mended the
/// next caller loads them.
public final class SigningChainsSource: Sendable {
    /// What a load yields: the chains, and one verifier per trust (they keep validated chains).
    struct Loaded: Sendable {
        let chains: SigningChains
        /// Trusts both chains: a customer's proof of purchase may come from either party.
        let verifier: TransactionVerifier
        /// Trusts the App Store's chain only: what the store account paid.
        let appStoreVerifier: TransactionVerifier

        init(_ chains: SigningChains) {
            self.chains = chains
            verifier = TransactionVerifier(trustedRoots: SigningParty.allCases.map { chains[$0].rootCertificate })
            appStoreVerifier = TransactionVerifier(trustedRoot: chains.appStore.rootCertificate)
        }
    }

    private let load: @Sendable () throws -> SigningChains
    private let loaded: Mutex<Loaded?>

    /// Chains loaded when first needed by `load`, which names the file in any error it throws.
    public init(load: @escaping @Sendable () throws -> SigningChains) {
        self.load = load
        loaded = Mutex(nil)
    }

    /// Chains already loaded (a PostgreSQL server shares them with its store's other servers at start).
    public init(_ chains: SigningChains) {
        load = { chains }
        loaded = Mutex(Loaded(chains))
    }

    /// The chains and verifiers, loaded now if no caller has loaded them yet.
    func current() throws -> Loaded {
        try loaded.withLock { loaded in
            if let loaded { return loaded }
            let made = Loaded(try load())
            loaded = made
            return made
        }
    }

    /// `party`'s chain, loaded with the other if not yet.
    public func chain(_ party: SigningParty) throws -> TransactionSigningAuthority {
        try current().chains[party]
    }
}
