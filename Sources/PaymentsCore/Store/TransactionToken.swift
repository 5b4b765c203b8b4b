import Foundation

/// The compact JWS of one transaction, either already signed or signed once on first read.
///
/// Why deferred: an ES256 signature costs about four durable inserts, and recording a purchase or
/// a renewal must cost about one. The bytes to sign are fixed when the transaction is recorded
/// (they are stored in the same row), so signing later says exactly what signing at once would.
/// A class so that copies of a `SignedTransaction` share one signature instead of each signing.
final class TransactionToken: @unchecked Sendable {
    private enum State {
        case signed(String)
        case unsigned(Data, TransactionSigningAuthority)
    }

    /// Guards `state`: the token may be read from several tasks, and must be signed only once.
    private let lock = NSLock()
    private var state: State

    init(signed compact: String) {
        state = .signed(compact)
    }

    init(encodedPayload: Data, signer: TransactionSigningAuthority) {
        state = .unsigned(encodedPayload, signer)
    }

    /// The signed token. The leaf key was validated when the authority was loaded, so signing does
    /// not fail in practice; if it ever did, this read returns the token with an empty signature,
    /// which every verifier rejects, and the next read tries again.
    var compact: String {
        lock.withLock {
            switch state {
            case let .signed(compact):
                return compact
            case let .unsigned(bytes, signer):
                guard let compact = try? signer.sign(encodedPayload: bytes) else { return signer.unsignedCompact(bytes) }
                state = .signed(compact)
                return compact
            }
        }
    }
}
