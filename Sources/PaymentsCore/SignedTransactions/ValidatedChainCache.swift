import Synchronization

/// Remembers protected headers whose x5c chain already validated against the trusted root, keyed by the
/// exact base64url text of the header, because decoding the header and building the chain cost far more
/// than the per-transaction signature check. A hit therefore also vouches that the header decoded and
/// named ES256; the signature itself is still checked every time.
///
/// Only successes are cached, and a hit is honoured only while every certificate of the chain is still
/// valid at the caller's `now`. The cache is small and bounded: a store signs with one chain at a time.
final class ValidatedChainCache: Sendable {
    static let capacity = 16

    private let entries = Mutex<[String: ValidatedSigningKey]>([:])

    func key(for header: String) -> ValidatedSigningKey? {
        entries.withLock { $0[header] }
    }

    func insert(_ validated: ValidatedSigningKey, for header: String) {
        entries.withLock { entries in
            if entries[header] == nil, entries.count >= Self.capacity, let evicted = entries.keys.first {
                entries[evicted] = nil
            }
            entries[header] = validated
        }
    }

    var count: Int {
        entries.withLock { $0.count }
    }
}
