/// Why a signed transaction could not be trusted. Mirrors StoreKit 2's `VerificationResult.VerificationError`
/// cases, plus `unsupportedAlgorithm` so that `alg: none` and algorithm confusion are named for what they are.
public enum TransactionVerificationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The ES256 signature does not match the signed bytes under the leaf certificate's key.
    case invalidSignature
    /// The x5c chain is missing, malformed, expired, or does not lead to the trusted root.
    case invalidCertificateChain(String)
    /// The compact serialization, a base64url segment, or the JSON inside it is malformed.
    case invalidEncoding(String)
    /// The payload lacks properties every transaction must carry; lists all of them.
    case missingRequiredProperties([String])
    /// The protected header names an algorithm other than ES256, including `none`.
    case unsupportedAlgorithm(String)

    public var description: String {
        switch self {
        case .invalidSignature:
            "invalid signature"
        case .invalidCertificateChain(let detail):
            "invalid certificate chain: \(detail)"
        case .invalidEncoding(let detail):
            "invalid encoding: \(detail)"
        case .missingRequiredProperties(let properties):
            "missing required properties: \(properties.joined(separator: ", "))"
        case .unsupportedAlgorithm(let algorithm):
            "unsupported algorithm: \(algorithm)"
        }
    }
}
