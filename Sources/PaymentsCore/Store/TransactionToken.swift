import Foundation

/// The compact JWS of one transaction, either already signed or signed once on first read.
///
/// Why deferred: an ES256 signature costs about four durable inserts, and recording a purchase or
/// a renewal must cost about one. The bytes to sign are fixed when the transaction is recorded
/// (they are stored in the same row), so signing later says exactly what signing at once would.
/// A class so that copies of a `SignedTransaction` share one signature instead of each signing.
final class TransactionToken: @unchecked Sendable {
    /// Signs payload bytes as a compact JWS; the authority's `sign(encodedPayload:)` in the store.
    typealias Signer = @Sendable (Data) throws -> String

    private enum State {
        case signed(String)
        case unsigned(Data, Signer)
    }

    /// Guards `state`: the token may be read from several tasks, and must be signed only once.
    private let lock = NSLock()
    private var state: State

    init(signed compact: String) {
        state = .signed(compact)
    }

    init(encodedPayload: Data, sign: @escaping Signer) {
        state = .unsigned(encodedPayload, sign)
    }

    /// The signed token. When signing fails the caller gets a storage error (never a token with an
    /// empty signature that would pass for a receipt), and the next read tries again.
    func compact() throws -> String {
        try lock.withLock {
            switch state {
            case let .signed(compact):
                return compact
            case let .unsigned(bytes, sign):
                let compact: String
                do {
                    compact = try sign(bytes)
                } catch {
                    throw PaymentsError.storage("cannot sign the transaction: \(error)")
                }
                state = .signed(compact)
                return compact
            }
        }
    }

    /// The token if it is signed already; nil when reading it would sign it now.
    var signedCompact: String? {
        lock.withLock {
            if case let .signed(compact) = state { return compact }
            return nil
        }
    }

    /// The payload bytes a token not signed yet will sign; nil once signed.
    var bytesToSign: Data? {
        lock.withLock {
            if case let .unsigned(bytes, _) = state { return bytes }
            return nil
        }
    }

    /// Same token: the same object, the same signed text, or the same bytes still to be signed.
    func isSame(as other: TransactionToken) -> Bool {
        if self === other { return true }
        let (mine, theirs) = (lock.withLock { state }, other.lock.withLock { other.state })
        switch (mine, theirs) {
        case let (.signed(left), .signed(right)): return left == right
        case let (.unsigned(left, _), .unsigned(right, _)): return left == right
        default: return false
        }
    }
}
