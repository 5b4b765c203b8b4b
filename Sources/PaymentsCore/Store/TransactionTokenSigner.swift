import Foundation

/// Signs transaction tokens for one store, each with its party's chain, and remembers the ones signed outside a transaction
/// until a write stores them in their rows.
///
/// Why: a transaction is recorded unsigned (see `issueTransaction`) and its token is signed the
/// first time somebody reads it, usually after the purchase's write has committed (the server
/// answering the purchase, the receipt queue). That signature must not be thrown away: the next
/// write stores it in the row (`TransactionIssuer.storeSignedTokens`), and until then a reader of the
/// row finds it here, so each token is signed at most once in its life.
public final class TransactionTokenSigner: @unchecked Sendable {
    let chains: SigningChainsSource
    /// Guards `unstored`, `recent` and `count`.
    private let lock = NSLock()
    private var unstored: [String: UnstoredToken] = [:]
    /// Tokens stored lately, for values of the same transaction still unread (a purchase's answer
    /// read after its receipt was sent); bounded, oldest dropped first.
    private var recent: [String: UnstoredToken] = [:]
    private var recentOrder: [String] = []
    static let recentLimit = 1_024
    private var count = SignatureCount()

    public init(chains: SigningChainsSource) {
        self.chains = chains
    }

    /// How many signatures this store has made, and how many of them inside a write transaction.
    public var signatures: SignatureCount {
        lock.withLock { count }
    }

    func sign(encoded: Data, by party: SigningParty) throws -> String {
        let insideWrite = WriteTransactionMarker.isActive
        let compact: String
        do {
            compact = try chains.chain(party).sign(encodedPayload: encoded)
        } catch let error as PaymentsError {
            throw error  // the chain could not be loaded: already says which file and why
        } catch {
            throw PaymentsError.storage("could not sign a transaction: \(error)")
        }
        lock.withLock {
            count.total += 1
            if insideWrite { count.insideWrites += 1 }
        }
        return compact
    }

    /// The token of a just-recorded transaction, signed when first read and then kept for its row.
    func deferredToken(transactionID: String, signedBy party: SigningParty, encodedPayload: Data) -> TransactionToken {
        TransactionToken(encodedPayload: encodedPayload) { [self] bytes in
            // Another value of the same transaction (the purchase's answer, the receipt queue's
            // copy) may have signed it already; two racing first reads both sign, one is kept.
            if let signed = signedToken(transactionID: transactionID, payload: bytes) { return signed }
            let signed = UnstoredToken(payload: bytes, compact: try sign(encoded: bytes, by: party))
            return lock.withLock {
                if let earlier = unstored[transactionID] ?? recent[transactionID], earlier.payload == bytes { return earlier.compact }
                unstored[transactionID] = signed
                return signed.compact
            }
        }
    }

    /// A token signed outside a write, not stored in its row yet or stored lately, if it was signed
    /// from `payload` (a refund or an upgrade changes a row's payload, and the old token with it).
    func signedToken(transactionID: String, payload: Data) -> String? {
        lock.withLock {
            guard let token = unstored[transactionID] ?? recent[transactionID], token.payload == payload else { return nil }
            return token.compact
        }
    }

    /// Every token waiting for its row, by transaction id.
    func unstoredTokens() -> [String: UnstoredToken] {
        lock.withLock { unstored }
    }

    /// Called once a write that stored `tokens` has committed.
    func stored(_ tokens: [String: UnstoredToken]) {
        lock.withLock {
            for (id, token) in tokens where unstored[id] == token {
                unstored[id] = nil
                if recent.updateValue(token, forKey: id) == nil { recentOrder.append(id) }
            }
            if recentOrder.count > 2 * Self.recentLimit {
                for id in recentOrder.prefix(recentOrder.count - Self.recentLimit) { recent[id] = nil }
                recentOrder.removeFirst(recentOrder.count - Self.recentLimit)
            }
        }
    }
}

/// A token signed after its purchase's write, with the payload bytes it was signed from.
struct UnstoredToken: Equatable, Sendable {
    var payload: Data
    var compact: String
}

/// Signatures a store has made; `insideWrites` counts those made while holding the write lock.
public struct SignatureCount: Equatable, Sendable {
    public var total = 0
    public var insideWrites = 0
}

/// Whether the current task is inside one of the store's write transactions.
///
/// Why: a purchase must sign nothing while it holds the write lock (an ES256 signature costs about
/// four durable inserts, and every other writer waits for it), so the signer counts the signatures
/// made inside a write and tests hold the count at zero on every purchase path. A task-local
/// value, because a write's body is a task: over SQLite it runs on GRDB's writer thread, over
/// PostgreSQL it hops threads at every statement.
enum WriteTransactionMarker {
    @TaskLocal private static var active = false

    static var isActive: Bool { active }

    static func during<T>(_ body: () async throws -> T) async rethrows -> T {
        try await $active.withValue(true) { try await body() }
    }
}
