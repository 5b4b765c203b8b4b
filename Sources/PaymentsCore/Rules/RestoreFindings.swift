/// A restore read inside one transaction, before its transactions are verified outside it
/// (verification is asynchronous and must not hold the write lock).
struct RestoreFindings: Sendable {
    struct Proof: Sendable {
        var productID: String
        var transactionID: String
        var jws: String
    }

    var result: RestoreResult
    var proofs: [Proof]
}
