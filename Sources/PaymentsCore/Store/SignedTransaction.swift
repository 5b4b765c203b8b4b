/// A store transaction as the client receives it: the compact JWS and what it says.
///
/// The payload is carried for convenience; trust comes only from verifying `jws`
/// (`PaymentsService.verifyTransaction`), exactly as with StoreKit 2's `VerificationResult`.
public struct SignedTransaction: Hashable, Sendable, Codable {
    public var jws: String
    public var payload: TransactionPayload

    public init(jws: String, payload: TransactionPayload) {
        self.jws = jws
        self.payload = payload
    }
}

extension TransactionPayload: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(transactionId)
        hasher.combine(revocationDate)
    }
}
