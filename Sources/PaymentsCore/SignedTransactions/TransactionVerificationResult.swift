/// The outcome of checking a signed transaction, shaped like StoreKit 2's `VerificationResult`: an
/// unverified result may still carry the decoded payload so callers can log or display it, but must never
/// grant anything on its basis.
public enum TransactionVerificationResult: Sendable, Equatable {
    case verified(TransactionPayload)
    case unverified(TransactionVerificationFailure, TransactionPayload?)

    /// The payload only when it is verified; the safe accessor for code that grants entitlements.
    public var verifiedPayload: TransactionPayload? {
        if case .verified(let payload) = self { return payload }
        return nil
    }
}
