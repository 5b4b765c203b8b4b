import Crypto
import Foundation
import X509

/// Issues the three certificates of a party's signing chain (``SigningParty``), with the extensions a real PKI would use so
/// that standard RFC 5280 validation (OpenSSL's strict mode included) applies unchanged, and the marker
/// extensions Apple's App Store Server Library looks for on the leaf and the intermediate (see
/// ``AppleMarkerExtension``), so that Apple's `SignedDataVerifier` accepts the chain given Kiosk's root.
///
/// Lifetimes are long because receipts must keep verifying across many runs of a simulated store:
/// root 30 years, intermediate 25 years, leaf 20 years (long, because QA runs and test clocks move
/// time years ahead and every receipt they produced must keep verifying) (renewed from the stored intermediate when fewer
/// than 30 days remain). Years are 365 days. `notValidBefore` is backdated one hour so that a verifier
/// whose clock trails the signer's slightly still accepts a fresh chain.
enum SigningCertificateIssuer {
    static let day: TimeInterval = 86_400
    static let rootLifetime = 30 * 365 * day
    static let intermediateLifetime = 25 * 365 * day
    static let leafLifetime = 20 * 365 * day
    static let leafRenewalWindow = 30 * day
    static let backdating: TimeInterval = 3_600

    /// The organisation each party's certificates name, so an error or a certificate viewer says whose
    /// chain it is. The App Store's keeps the names it had when it was the only chain.
    static func organization(of party: SigningParty) -> String {
        switch party {
        case .appStore: "Kiosk Simulated Store"
        case .merchant: "Kiosk Merchant"
        }
    }

    /// Attempts before giving up on a generator that keeps producing out-of-range scalars (such as all zeros).
    static let keyGenerationAttempts = 8
    static let serialNumberLength = 16

    /// Derives the key from the injected generator, so production must pass a cryptographically secure one
    /// (`SystemRandomNumberGenerator` is); tests can pass a seeded one.
    static func makePrivateKey(
        using generator: inout some RandomNumberGenerator
    ) throws(TransactionSigningAuthorityError) -> P256.Signing.PrivateKey {
        for _ in 0..<keyGenerationAttempts {
            let scalar = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar) {
                return key
            }
        }
        throw .keyGenerationFailed("generator produced no valid P-256 scalar in \(keyGenerationAttempts) attempts")
    }

    static func issueRoot(
        party: SigningParty,
        key: P256.Signing.PrivateKey,
        now: Date,
        using generator: inout some RandomNumberGenerator
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        let publicKey = Certificate.PublicKey(key.publicKey)
        let name = try distinguishedName(party, commonName: "Root CA")
        return try issue(
            publicKey: publicKey,
            subject: name,
            issuer: name,
            validity: now - backdating, now + rootLifetime,
            issuerKey: key,
            using: &generator
        ) {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 1))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: publicKey)
        }
    }

    static func issueIntermediate(
        party: SigningParty,
        publicKey: P256.Signing.PublicKey,
        root: Certificate,
        rootKey: P256.Signing.PrivateKey,
        now: Date,
        using generator: inout some RandomNumberGenerator
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        let certificateKey = Certificate.PublicKey(publicKey)
        let authorityKeyIdentifier = try keyIdentifier(of: root)
        return try issue(
            publicKey: certificateKey,
            subject: try distinguishedName(party, commonName: "Intermediate CA"),
            issuer: root.subject,
            validity: now - backdating, min(now + intermediateLifetime, root.notValidAfter),
            issuerKey: rootKey,
            using: &generator
        ) {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            SubjectKeyIdentifier(hash: certificateKey)
            AuthorityKeyIdentifier(keyIdentifier: authorityKeyIdentifier)
            AppleMarkerExtension.intermediate
        }
    }

    static func issueLeaf(
        party: SigningParty,
        publicKey: P256.Signing.PublicKey,
        intermediate: Certificate,
        intermediateKey: P256.Signing.PrivateKey,
        now: Date,
        using generator: inout some RandomNumberGenerator
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        let certificateKey = Certificate.PublicKey(publicKey)
        let authorityKeyIdentifier = try keyIdentifier(of: intermediate)
        return try issue(
            publicKey: certificateKey,
            subject: try distinguishedName(party, commonName: "Transaction Signing"),
            issuer: intermediate.subject,
            validity: now - backdating, min(now + leafLifetime, intermediate.notValidAfter),
            issuerKey: intermediateKey,
            using: &generator
        ) {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            SubjectKeyIdentifier(hash: certificateKey)
            AuthorityKeyIdentifier(keyIdentifier: authorityKeyIdentifier)
            AppleMarkerExtension.leaf
        }
    }

    private static func issue(
        publicKey: Certificate.PublicKey,
        subject: DistinguishedName,
        issuer: DistinguishedName,
        validity notValidBefore: Date,
        _ notValidAfter: Date,
        issuerKey: P256.Signing.PrivateKey,
        using generator: inout some RandomNumberGenerator,
        @ExtensionsBuilder extensions: () -> Result<Certificate.Extensions, any Error>
    ) throws(TransactionSigningAuthorityError) -> Certificate {
        do {
            return try Certificate(
                version: .v3,
                serialNumber: makeSerialNumber(using: &generator),
                publicKey: publicKey,
                notValidBefore: notValidBefore,
                notValidAfter: notValidAfter,
                issuer: issuer,
                subject: subject,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions(builder: extensions),
                issuerPrivateKey: Certificate.PrivateKey(issuerKey)
            )
        } catch {
            throw .certificateIssuanceFailed("\(subject): \(error)")
        }
    }

    /// A positive serial of 16 random bytes, as RFC 5280 §4.1.2.2 asks for unpredictable positive serials.
    private static func makeSerialNumber(using generator: inout some RandomNumberGenerator) -> Certificate.SerialNumber {
        var bytes = (0..<serialNumberLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[0] = (bytes[0] & 0x7F) | 0x40
        return Certificate.SerialNumber(bytes: bytes)
    }

    /// `commonName` is the certificate's role; the organisation's name comes first ("Kiosk Merchant Root CA").
    private static func distinguishedName(
        _ party: SigningParty,
        commonName role: String
    ) throws(TransactionSigningAuthorityError) -> DistinguishedName {
        let organization = organization(of: party)
        do {
            return try DistinguishedName {
                OrganizationName(organization)
                CommonName("\(organization) \(role)")
            }
        } catch {
            throw .certificateIssuanceFailed("cannot build name \(organization) \(role): \(error)")
        }
    }

    private static func keyIdentifier(of issuer: Certificate) throws(TransactionSigningAuthorityError) -> ArraySlice<UInt8> {
        do {
            return try issuer.extensions.subjectKeyIdentifier?.keyIdentifier
                ?? SubjectKeyIdentifier(hash: issuer.publicKey).keyIdentifier
        } catch {
            throw .certificateIssuanceFailed("issuer \(issuer.subject) has a malformed subject key identifier")
        }
    }
}
