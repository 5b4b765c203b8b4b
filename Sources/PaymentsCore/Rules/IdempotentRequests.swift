import Foundation

/// Idempotency keys: a retried request gets the stored answer of its first run, and the same
/// key with a different request is refused rather than mistaken for a retry.
struct IdempotentRequests: Rules {
    let work: UnitOfWork

    /// Runs `body` once per key. A repeat with the same key and request returns the stored first
    /// result; the same key with a different request is refused. The key is written in the same
    /// transaction as the effect, so a crash leaves both or neither, and a second process racing
    /// on the same key waits for the write lock and then finds it.
    func idempotent<Request: Encodable, Result: Codable>(
        _ key: String?, operation: String, request: Request, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let key, !key.isEmpty else { return try await body() }
        // The request is compared as text, so its keys are sorted; the response is only decoded.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let requestJSON = String(decoding: try encoder.encode(request), as: UTF8.self)
        if let row = try await store.fetchOne(StoredRow.self, "SELECT operation, request, response FROM idempotency_keys WHERE key = ?",
                                              [key]) {
            guard try row.get("operation") as String == operation, try row.get("request") as String == requestJSON else {
                throw PaymentsError.idempotencyKeyReused(key)
            }
            let response: String = try row.get("response")
            let decoder = JSONDecoder()
            decoder.userInfo[TransactionTokenLookup.userInfoKey] = TransactionTokenLookup { try transactionIssuer.deferredToken(transactionID: $0, payload: $1) }
            return try decoder.decode(Result.self, from: Data(response.utf8))
        }
        let result = try await body()
        try await store.execute("""
            INSERT INTO idempotency_keys(key, operation, request, response, created_at) VALUES (?, ?, ?, ?, ?)
            """, [key, operation, requestJSON, try Self.storedAnswer(result), systemNow])
        return result
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
