/// The three segments of a JWS compact serialization, with payload and signature decoded strictly.
///
/// The signature is checked over `signingInput`, the exact ASCII of the first two segments, so any edit to
/// them changes what was signed; the strict base64url decoding closes the remaining gap in the signature
/// segment itself. The header stays encoded until needed: a header already seen with a validated chain is
/// recognised by its exact text (see ``ValidatedChainCache``).
struct CompactJWS {
    /// The header segment's exact text, which is also the key of the validated-chain cache.
    let headerSegment: String
    let signingInput: ArraySlice<UInt8>
    let payload: [UInt8]
    /// Raw `r || s`, exactly 64 bytes as ES256 requires (RFC 7518 §3.4), never DER.
    let signature: [UInt8]

    static let es256SignatureLength = 64

    init(parsing compact: String) throws(TransactionVerificationFailure) {
        // Working on one contiguous copy of the UTF-8 bytes: Character-level splitting and per-byte copies out of
        // substrings would otherwise cost more than the JSON decode.
        let bytes = Array(compact.utf8)
        let dot = UInt8(ascii: ".")
        let dots = bytes.indices.filter { bytes[$0] == dot }
        guard dots.count == 2 else {
            throw .invalidEncoding("expected 3 dot-separated segments, found \(dots.count + 1)")
        }
        let headerBytes = bytes[..<dots[0]]
        guard !headerBytes.isEmpty else { throw .invalidEncoding("header segment is empty") }
        headerSegment = String(decoding: headerBytes, as: UTF8.self)
        payload = try Self.decode(bytes[(dots[0] + 1)..<dots[1]], named: "payload")
        signature = try Self.decode(bytes[(dots[1] + 1)...], named: "signature")
        guard signature.count == Self.es256SignatureLength else {
            throw .invalidEncoding("ES256 signature must be \(Self.es256SignatureLength) bytes, found \(signature.count)")
        }
        signingInput = bytes[..<dots[1]]
    }

    func decodedHeader() throws(TransactionVerificationFailure) -> [UInt8] {
        try Self.decode(Array(headerSegment.utf8)[...], named: "header")
    }

    private static func decode(_ segment: ArraySlice<UInt8>, named name: String) throws(TransactionVerificationFailure) -> [UInt8] {
        guard !segment.isEmpty else { throw .invalidEncoding("\(name) segment is empty") }
        do {
            return try Base64URL.decode(segment)
        } catch {
            throw .invalidEncoding("\(name) segment: \(error)")
        }
    }
}
