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
