import Crypto
import Foundation
import X509

/// One party's signer (the App Store's or the merchant's, see ``SigningParty``): a root CA, an
/// intermediate CA and a leaf signing certificate, kept in Kiosk's data directory (see ``SigningKeyDirectory`` for the layout and ``SigningCertificateIssuer`` for
/// lifetimes), signing transactions as ES256 compact JWS with an x5c chain, like StoreKit 2.
///
/// The chain is created on first use and reused afterwards, so receipts signed in earlier runs keep verifying
/// against the same root. A damaged or partial directory is reported, never regenerated.
public struct TransactionSigningAuthority: Sendable {
    public let party: SigningParty
    public let rootCertificate: Certificate
    public let intermediateCertificate: Certificate
    public let leafCertificate: Certificate
    /// Lowercase hex SHA-256 of the root certificate's DER, the usual way to tell two roots apart.
    public let rootFingerprint: String

    /// The leaf key as its raw scalar, because swift-crypto's key type is not `Sendable` on every platform.
    private let leafKeyScalar: Data
    /// The base64url protected header, identical for every transaction this chain signs.
    private let headerSegment: String

    private init(
        party: SigningParty,
        root: Certificate,
        intermediate: Certificate,
        leaf: Certificate,
        leafKey: P256.Signing.PrivateKey
    ) throws(TransactionSigningAuthorityError) {
        self.party = party
        rootCertificate = root
        intermediateCertificate = intermediate
        leafCertificate = leaf
        leafKeyScalar = leafKey.rawRepresentation
        let chainDER = try [leaf, intermediate, root].map { certificate throws(TransactionSigningAuthorityError) in
            try Self.derBytes(of: certificate)
        }
        rootFingerprint = LowercaseHex.encode(SHA256.hash(data: chainDER[2]))
        let header = JWSHeader(alg: JWSHeader.es256, x5c: chainDER.map { Data($0).base64EncodedString() })
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            headerSegment = Base64URL.encode(try encoder.encode(header))
        } catch {
            throw .certificateIssuanceFailed("cannot encode the JWS header: \(error)")
        }
    }

    /// Loads `party`'s chain from `dataDirectory`, creating it when the directory holds none, and renewing the
    /// leaf from the stored intermediate when it expires within 30 days of `now`.
    ///
    /// - Parameter generator: source of key material and serial numbers; pass `SystemRandomNumberGenerator`
    ///   (a CSPRNG) outside tests.
    ///   - startOverIfDamaged: true when nothing was ever signed with the chain (the store holds no
    ///     transaction): a partial, corrupt or mismatched chain (a kill during first-run creation by an
    ///     older Kiosk) is then replaced by a new one, since no receipt depends on it. Otherwise such a
    ///     chain is reported, never regenerated.
    public static func loadOrCreate(
        _ party: SigningParty,
        dataDirectory: URL,
        now: Date,
        using generator: inout some RandomNumberGenerator,
        startOverIfDamaged: Bool = false
    ) throws(TransactionSigningAuthorityError) -> TransactionSigningAuthority {
        try loadOrCreate(party, dataDirectory: dataDirectory, now: now, using: &generator,
                         startOverIfDamaged: startOverIfDamaged, interruption: nil)
    }

    /// `interruption` is called after each step of a first-run creation (tests stop it there).
    static func loadOrCreate(
        _ party: SigningParty,
        dataDirectory: URL,
        now: Date,
        using generator: inout some RandomNumberGenerator,
        startOverIfDamaged: Bool,
        interruption: ((SigningKeyDirectory.CreationStep) throws -> Void)?
    ) throws(TransactionSigningAuthorityError) -> TransactionSigningAuthority {
        let directory = SigningKeyDirectory(dataDirectory: dataDirectory, party: party)
        let existing = directory.existingFiles()
        if existing.isEmpty {
            try directory.removeChain()
            return try create(in: directory, now: now, using: &generator, interruption: interruption)
        }
        do throws(TransactionSigningAuthorityError) {
            let missing = SigningKeyDirectory.allFiles.filter { !existing.contains($0) }
            guard missing.isEmpty else {
                throw .incompleteKeyDirectory(directory: directory.url.path, missingFiles: missing)
            }
            return try load(from: directory, now: now, using: &generator)
        } catch {
            guard startOverIfDamaged, error.isDamagedChain else { throw error }
            try directory.removeChain()
            return try create(in: directory, now: now, using: &generator, interruption: interruption)
        }
    }

    /// Reads only the root certificate, which is all a verifier needs; no private key is touched.
    public static func loadTrustedRoot(
        _ party: SigningParty,
        dataDirectory: URL
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        let directory = SigningKeyDirectory(dataDirectory: dataDirectory, party: party)
        guard directory.existingFiles().contains(SigningKeyDirectory.rootFile) else {
            throw .noAuthority(directory: directory.url.path)
        }
        return try loadRoot(from: directory)
    }

    /// Signs a payload as an ES256 compact JWS whose header carries this authority's x5c chain.
    public func sign(_ payload: TransactionPayload) throws(TransactionSigningAuthorityError) -> String {
        try sign(encodedPayload: Self.encode(payload))
    }

    /// The exact payload bytes a token carries. The store keeps these beside a new transaction and
    /// signs them when the token is first needed, so the deferred token says what an eager one would.
    static func encode(_ payload: TransactionPayload) throws(TransactionSigningAuthorityError) -> Data {
        if let plain = TransactionPayloadJSON.encode(payload) { return plain }
        do {
            return try TransactionJSONCoding.makeEncoder().encode(payload)
        } catch {
            throw .unencodablePayload("\(error)")
        }
    }

    /// Signs payload bytes: a transaction's made by `encode(_:)`, or any other JSON this party
    /// signs with its chain (the App Store's server notifications).
    public func sign(encodedPayload payloadBytes: Data) throws(TransactionSigningAuthorityError) -> String {
        let signingInput = headerSegment + "." + Base64URL.encode(payloadBytes)
        do {
            let key = try P256.Signing.PrivateKey(rawRepresentation: leafKeyScalar)
            let signature = try key.signature(for: Data(signingInput.utf8))
            return signingInput + "." + Base64URL.encode(LowSSignature.normalized(Array(signature.rawRepresentation)))
        } catch {
            throw .signingFailed("\(error)")
        }
    }

    private static func create(
        in directory: SigningKeyDirectory,
        now: Date,
        using generator: inout some RandomNumberGenerator,
        interruption: ((SigningKeyDirectory.CreationStep) throws -> Void)?
    ) throws(TransactionSigningAuthorityError) -> TransactionSigningAuthority {
        let rootKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        let intermediateKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        let leafKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        let root = try SigningCertificateIssuer.issueRoot(party: directory.party, key: rootKey, now: now, using: &generator)
        let intermediate = try SigningCertificateIssuer.issueIntermediate(
            party: directory.party, publicKey: intermediateKey.publicKey, root: root, rootKey: rootKey, now: now, using: &generator
        )
        let leaf = try SigningCertificateIssuer.issueLeaf(
            party: directory.party, publicKey: leafKey.publicKey, intermediate: intermediate, intermediateKey: intermediateKey, now: now,
            using: &generator
        )
        try directory.createStaged([
            (SigningKeyDirectory.intermediateFile, try pem(intermediate, key: intermediateKey),
             SigningKeyDirectory.privatePermissions),
            (SigningKeyDirectory.leafFile, try pem(leaf, key: leafKey), SigningKeyDirectory.privatePermissions),
            (SigningKeyDirectory.rootFile, try pem(root), SigningKeyDirectory.publicPermissions),
        ], interruption: interruption)
        return try TransactionSigningAuthority(party: directory.party, root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    private static func load(
        from directory: SigningKeyDirectory,
        now: Date,
        using generator: inout some RandomNumberGenerator
    ) throws(TransactionSigningAuthorityError) -> TransactionSigningAuthority {
        let root = try loadRoot(from: directory)
        let (intermediate, intermediateKey) = try loadIssued(SigningKeyDirectory.intermediateFile, from: directory, issuer: root)
        var (leaf, leafKey) = try loadIssued(SigningKeyDirectory.leafFile, from: directory, issuer: intermediate)

        if now > intermediate.notValidAfter {
            throw .intermediateExpired(
                path: directory.path(of: SigningKeyDirectory.intermediateFile),
                notValidAfter: intermediate.notValidAfter
            )
        }
        if leaf.notValidAfter.timeIntervalSince(now) < SigningCertificateIssuer.leafRenewalWindow {
            leafKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
            leaf = try SigningCertificateIssuer.issueLeaf(
                party: directory.party, publicKey: leafKey.publicKey, intermediate: intermediate, intermediateKey: intermediateKey, now: now,
                using: &generator
            )
            try directory.replace(
                SigningKeyDirectory.leafFile,
                contents: try pem(leaf, key: leafKey),
                permissions: SigningKeyDirectory.privatePermissions
            )
        }
        return try TransactionSigningAuthority(party: directory.party, root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
    }

    private static func loadRoot(from directory: SigningKeyDirectory) throws(TransactionSigningAuthorityError) -> Certificate {
        let file = SigningKeyDirectory.rootFile
        let blocks = try parseBlocks(file, from: directory, expectedCount: 1)
        let root = try certificate(in: blocks, file: file, directory: directory)
        guard root.issuer == root.subject, root.publicKey.isValidSignature(root.signature, for: root) else {
            throw .inconsistentChain(path: directory.path(of: file), detail: "root certificate is not self-signed")
        }
        return root
    }

    /// Loads a certificate with its key and checks both belong under `issuer`, so a file swapped in from
    /// another chain is caught at load time rather than producing receipts that never verify.
    private static func loadIssued(
        _ file: String,
        from directory: SigningKeyDirectory,
        issuer: Certificate
    ) throws(TransactionSigningAuthorityError) -> (Certificate, P256.Signing.PrivateKey) {
        let path = directory.path(of: file)
        let blocks = try parseBlocks(file, from: directory, expectedCount: 2)
        let certificate = try certificate(in: blocks, file: file, directory: directory)
        guard let keyBlock = blocks.single("PRIVATE KEY") else {
            throw .corruptFile(path: path, detail: "expected one PRIVATE KEY block")
        }
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: keyBlock.text)
        } catch {
            throw .corruptFile(path: path, detail: "PRIVATE KEY block is not a P-256 key")
        }
        guard Certificate.PublicKey(key.publicKey) == certificate.publicKey else {
            throw .inconsistentChain(path: path, detail: "private key does not match the certificate")
        }
        guard certificate.issuer == issuer.subject, issuer.publicKey.isValidSignature(certificate.signature, for: certificate)
        else {
            throw .inconsistentChain(path: path, detail: "certificate was not issued by \(issuer.subject)")
        }
        return (certificate, key)
    }

    private static func parseBlocks(
        _ file: String,
        from directory: SigningKeyDirectory,
        expectedCount: Int
    ) throws(TransactionSigningAuthorityError) -> PEMBlocks {
        let path = directory.path(of: file)
        let blocks: PEMBlocks
        do {
            blocks = try PEMBlocks(parsing: try directory.read(file))
        } catch let error as TransactionSigningAuthorityError {
            throw error
        } catch {
            throw .corruptFile(path: path, detail: "\(error)")
        }
        guard blocks.blocks.count == expectedCount else {
            throw .corruptFile(path: path, detail: "expected \(expectedCount) PEM block(s), found \(blocks.blocks.count)")
        }
        return blocks
    }

    private static func certificate(
        in blocks: PEMBlocks,
        file: String,
        directory: SigningKeyDirectory
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        let path = directory.path(of: file)
        guard let block = blocks.single("CERTIFICATE") else {
            throw .corruptFile(path: path, detail: "expected one CERTIFICATE block")
        }
        do {
            return try Certificate(pemEncoded: block.text)
        } catch {
            throw .corruptFile(path: path, detail: "CERTIFICATE block is not an X.509 certificate")
        }
    }

    private static func pem(
        _ certificate: Certificate,
        key: P256.Signing.PrivateKey? = nil
    ) throws(TransactionSigningAuthorityError) -> String {
        do {
            let certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
            return certificatePEM + (key.map { $0.pemRepresentation + "\n" } ?? "")
        } catch {
            throw .certificateIssuanceFailed("cannot PEM-encode \(certificate.subject): \(error)")
        }
    }

    private static func derBytes(of certificate: Certificate) throws(TransactionSigningAuthorityError) -> [UInt8] {
        do {
            return try certificate.serializeAsPEM().derBytes
        } catch {
            throw .certificateIssuanceFailed("cannot DER-encode \(certificate.subject): \(error)")
        }
    }
}
