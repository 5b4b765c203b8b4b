import Foundation

/// What an app sends as its receipt: the compact JWS of a signed transaction, or the base64 of
/// it (apps that forward receipts as opaque data encode them once more).
enum ReceiptText {
    /// The JWS inside `text`: the text itself when it already has a JWS's three parts, else what
    /// its base64 (standard or URL-safe, padded or not) decodes to when that is a JWS. Anything
    /// else is returned trimmed, for the verifier to reject with its reason.
    static func compactJWS(from text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.split(separator: ".", omittingEmptySubsequences: false).count != 3 else { return trimmed }
        var base64 = trimmed.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
            return trimmed
        }
        let jws = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        return jws.split(separator: ".", omittingEmptySubsequences: false).count == 3 ? jws : trimmed
    }
}
