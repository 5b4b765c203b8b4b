/// Reads the `status` query parameter the way DodoPayments' own SDK does.
///
/// Only an explicit success, failure or expiry is reported as such; everything in between
/// (`processing`, any `requires_*`, a missing or unfamiliar status) is `pending`, so a new or
/// misspelled status can never be taken for success.
enum DodoReturnStatus {
    private static let readings: [(word: [UInt8], outcome: RedirectOutcome, reason: RedirectReason)] = [
        (Array("succeeded".utf8), .succeeded, .statusSucceeded),
        (Array("active".utf8), .succeeded, .statusActive),
        (Array("failed".utf8), .failed, .statusFailed),
        (Array("expired".utf8), .expired, .statusExpired),
        (Array("processing".utf8), .pending, .statusProcessing),
    ]
    private static let requiresPrefix = Array("requires_".utf8)

    static func classify(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ status: Range<Int>
    ) -> (RedirectOutcome, RedirectReason) {
        for reading in readings where status.count == reading.word.count
            && hasPrefix(bytes, status, reading.word) {
            return (reading.outcome, reading.reason)
        }
        if hasPrefix(bytes, status, requiresPrefix) { return (.pending, .statusRequiresAction) }
        return (.pending, .statusUnknown)
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ prefix: [UInt8]) -> Bool {
        guard range.count >= prefix.count else { return false }
        var offset = 0
        while offset < prefix.count {
            if bytes[range.lowerBound + offset] != prefix[offset] { return false }
            offset += 1
        }
        return true
    }
}
