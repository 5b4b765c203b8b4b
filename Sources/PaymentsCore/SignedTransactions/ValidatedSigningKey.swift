import Crypto
import Foundation
import X509

/// A leaf signing key whose certificate chain has been validated, with the window in which every
/// certificate of that chain is valid, so a cached validation never outlives the certificates behind it.
struct ValidatedSigningKey: Sendable {
    /// Held in its certificate form because swift-crypto's key type is not `Sendable` on every platform;
    /// only P-256 keys are ever stored, so ``p256PublicKey`` unwraps without re-parsing.
    let leafPublicKey: Certificate.PublicKey
    /// The latest `notValidBefore` across the validated chain.
    let validFrom: Date
    /// The earliest `notValidAfter` across the validated chain.
    let validUntil: Date

    var p256PublicKey: P256.Signing.PublicKey? {
        P256.Signing.PublicKey(leafPublicKey)
    }

    /// Same bounds as RFC 5280 expiry checking: valid from `notValidBefore` through `notValidAfter` inclusive.
    func isValid(at now: Date) -> Bool {
        validFrom <= now && now <= validUntil
    }
}
