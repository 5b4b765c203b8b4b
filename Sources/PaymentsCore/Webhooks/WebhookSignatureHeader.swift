/// Scans a `webhook-signature` value in place: the header may carry several space-separated
/// `<version>,<base64>` entries (one per active secret on the sender side), and entries with
/// versions other than `v1` must be skipped rather than rejected, for forward compatibility.
enum WebhookSignatureHeader {
    enum Match {
        case matched
        case noMatch
        case noVersion1Entry
    }

    private static let space = UInt8(ascii: " ")
    private static let comma = UInt8(ascii: ",")

    /// Compares every `v1` entry against `expected` (unpadded base64) in constant time per entry.
    static func match(_ header: String, expectedUnpadded expected: [UInt8]) -> Match {
        var header = header
        return header.withUTF8 { bytes in
            var sawVersion1 = false
            var entryStart = 0
            while entryStart < bytes.count {
                var entryEnd = entryStart
                while entryEnd < bytes.count, bytes[entryEnd] != space { entryEnd += 1 }
                if let signatureStart = version1SignatureStart(bytes, from: entryStart, to: entryEnd) {
                    sawVersion1 = true
                    var signatureEnd = entryEnd
                    while signatureEnd > signatureStart, bytes[signatureEnd - 1] == WebhookBase64.padding {
                        signatureEnd -= 1
                    }
                    if constantTimeEquals(bytes[signatureStart..<signatureEnd], expected) { return .matched }
                }
                entryStart = entryEnd + 1
            }
            return sawVersion1 ? .noMatch : .noVersion1Entry
        }
    }

    /// The signatures of the `v1a` (ed25519) entries, in header order.
    static func asymmetricSignatures(_ header: String) -> [Substring] {
        header.split(separator: " ", omittingEmptySubsequences: true).compactMap { entry in
            entry.hasPrefix("v1a,") ? entry.dropFirst(4) : nil
        }
    }

    /// Index just past `v1,` if the entry in `start..<end` is a version 1 entry.
    private static func version1SignatureStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard end - start >= 3,
              bytes[start] == UInt8(ascii: "v"),
              bytes[start + 1] == UInt8(ascii: "1"),
              bytes[start + 2] == comma
        else { return nil }
        return start + 3
    }

    /// Examines every byte regardless of where a difference occurs, so response timing does not
    /// reveal how much of a forged signature was right.
    private static func constantTimeEquals(_ candidate: Slice<UnsafeBufferPointer<UInt8>>, _ expected: [UInt8]) -> Bool {
        guard candidate.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (candidateByte, expectedByte) in zip(candidate, expected) {
            difference |= candidateByte ^ expectedByte
        }
        return difference == 0
    }
}
