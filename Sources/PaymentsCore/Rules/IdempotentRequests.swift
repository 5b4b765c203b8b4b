import Foundation

/// Idempotency keys: a retried request gets the stored answer of its first run, and the same
/// key with a different request is refused rather than mistaken for a retry.
struct IdempotentRequests: Rules {
    let work: UnitOfWork
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// Runs `body` once per key. A repeat with the same key and request returns the stored first
    /// result; the same key with a different request is refused. The key is written in the same
    /// transaction as the effect, so a crash leaves both or neither, and a second writer racing
    /// on the same key (another process, another server instance) finds it once the first commits.
    ///
    /// The key is claimed before anything is read: an insert that does nothing when the key is
    /// there. Reading first would make every two concurrent purchases with new keys depend on each
    /// other's absent rows, which PostgreSQL's SERIALIZABLE aborts as a read/write cycle; a claim
    /// reads nothing, and a write that rolls back (a decline that throws) releases it.
    func idempotent<Request: Encodable, Result: Codable>(
        _ key: String?, operation: String, request: Request, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let key, !key.isEmpty else { return try await body() }
        // The request is compared as text, so its keys are sorted; the response is only decoded.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let requestJSON = String(decoding: try encoder.encode(request), as: UTF8.self)
        let claimed = try await store.execute("""
            INSERT INTO idempotency_keys(key, operation, request, response, created_at) VALUES (?, ?, ?, '', ?)
            ON CONFLICT(key) DO NOTHING
            """, [key, operation, requestJSON, systemNow])
        guard claimed == 1 else {
            guard let row = try await store.fetchOne(StoredRow.self, "SELECT operation, request, response FROM idempotency_keys WHERE key = ?",
                                                     [key]) else {
                throw PaymentsError.storage("idempotency key \(key) was neither claimed nor found")
            }
            guard try row.get("operation") as String == operation, try row.get("request") as String == requestJSON else {
                throw PaymentsError.idempotencyKeyReused(key)
            }
            return try await replay(Result.self, from: Data((try row.get("response") as String).utf8))
        }
        let result = try await body()
        try await store.execute("UPDATE idempotency_keys SET response = ? WHERE key = ?", [try Self.storedAnswer(result), key])
        return result
    }

    /// The answer stored under `key` for `operation`, without running anything: nil when the key
    /// was never used, refused when it was used for another request.
    func storedAnswer<Request: Encodable, Result: Codable>(
        _ key: String, operation: String, request: Request, as type: Result.Type
    ) async throws -> Result? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let requestJSON = String(decoding: try encoder.encode(request), as: UTF8.self)
        guard let row = try await store.fetchOne(StoredRow.self, "SELECT operation, request, response FROM idempotency_keys WHERE key = ?",
                                                 [key]) else { return nil }
        guard try row.get("operation") as String == operation, try row.get("request") as String == requestJSON else {
            throw PaymentsError.idempotencyKeyReused(key)
        }
        return try await replay(type, from: Data((try row.get("response") as String).utf8))
    }

    /// A stored answer decoded again, each transaction in it with its token from its row. The
    /// decoder asks for tokens synchronously and the rows are read through the store, so a first
    /// pass only collects which transactions (and which of their payloads) the answer names.
    private func replay<Result: Decodable>(_ type: Result.Type, from response: Data) async throws -> Result {
        let named = NamedTransactions()
        let probe = JSONDecoder()
        probe.userInfo[TransactionTokenLookup.userInfoKey] = TransactionTokenLookup { id, payload in
            named.requests.append((id, payload))
            return TransactionToken(signed: "")
        }
        _ = try probe.decode(type, from: response)
        var tokens: [NamedTransactions.Key: TransactionToken] = [:]
        for (id, payload) in named.requests {
            tokens[NamedTransactions.Key(id: id, payload: payload)] =
                try await transactionIssuer.deferredToken(transactionID: id, payload: payload)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[TransactionTokenLookup.userInfoKey] = TransactionTokenLookup { id, payload in
            guard let token = tokens[NamedTransactions.Key(id: id, payload: payload)] else {
                throw PaymentsError.storage("the stored answer names transaction \(id) only on its second reading")
            }
            return token
        }
        return try decoder.decode(type, from: response)
    }

    /// The response column's text: written by hand when the result can (`HandWrittenAnswer`),
    /// else by the encoder. Either decodes to the result on a replay.
    static func storedAnswer<Result: Encodable>(_ result: Result) throws -> String {
        if let answer = result as? any HandWrittenAnswer, let json = answer.answerJSON { return json }
        return try encodedAnswer(result)
    }

    /// The encoder's text of an answer. The response is written inside the purchase's transaction,
    /// which signs nothing: a transaction is kept without its token, and a replay finds the token
    /// by its row.
    static func encodedAnswer<Result: Encodable>(_ result: Result) throws -> String {
        let encoder = JSONEncoder()
        encoder.userInfo[TransactionTokenLookup.leavesTokensUnsigned] = true
        return String(decoding: try encoder.encode(result), as: UTF8.self)
    }
}

/// The transactions a stored answer names, in the order its decoding asked for their tokens.
/// A class because the decoder's lookup closure records into it; used on one task only.
private final class NamedTransactions: @unchecked Sendable {
    struct Key: Hashable {
        var id: String
        var payload: Data?
    }

    var requests: [(id: String, payload: Data?)] = []
}

/// A result `IdempotentRequests.idempotent` can store as JSON written by hand instead of by `JSONEncoder`.
///
/// Why a protocol: `idempotent` is generic over every operation's result, and only the purchase's
/// answer is written often enough for the encoder to matter (issue 18); a result conforms by
/// saying its own text, and every other result keeps the encoder without knowing of it.
protocol HandWrittenAnswer {
    /// Text that `JSONDecoder` (with a `TransactionTokenLookup`) decodes to a value equal to this one,
    /// transactions kept unsigned as their payload text; nil when only the encoder writes it exactly.
    var answerJSON: String? { get }
}

extension PurchaseOutcome: HandWrittenAnswer {
    var answerJSON: String? { PurchaseAnswerJSON.encode(self) }
}
