/// The protected header of a signed transaction: the algorithm and the certificate chain (RFC 7515 §4.1).
struct JWSHeader: Codable, Sendable {
    static let es256 = "ES256"

    var alg: String?
    /// Leaf, intermediate and root certificates as standard (not url-safe) base64 DER.
    var x5c: [String]?
    /// Present only so that a token demanding extensions we do not implement is refused (RFC 7515 §4.1.11).
    var crit: [String]?
}
