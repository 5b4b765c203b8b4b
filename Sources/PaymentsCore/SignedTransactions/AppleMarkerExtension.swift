import SwiftASN1
import X509

/// The marker extensions that tell Apple's verifiers a certificate belongs to the App Store's signing chain.
///
/// Apple's App Store Server Library refuses a chain unless the leaf carries
/// 1.2.840.113635.100.6.11.1 (App Store receipt signing) and the intermediate 1.2.840.113635.100.6.2.1
/// (Apple Worldwide Developer Relations intermediate). It only checks presence; Apple's own
/// certificates carry an ASN.1 NULL as the value, non-critical, and so do Kiosk's.
enum AppleMarkerExtension {
    static let leafOID: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    static let intermediateOID: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    /// DER of ASN.1 NULL.
    private static let nullValue: ArraySlice<UInt8> = [0x05, 0x00]

    static let leaf = Certificate.Extension(oid: leafOID, critical: false, value: nullValue)
    static let intermediate = Certificate.Extension(oid: intermediateOID, critical: false, value: nullValue)
}
