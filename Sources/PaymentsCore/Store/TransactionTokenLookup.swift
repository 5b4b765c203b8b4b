import Foundation

/// Finds the token of a stored transaction for a value decoded without one.
///
/// Why: a purchase's idempotency record is written in the purchase's own transaction, before
/// anyone has read (and so signed) the token, so it carries the transaction without it; a replay
/// takes the token from the transaction's row, where it is cached once signed.
/// Unchecked `Sendable` because coder user info requires it: a lookup reads the database of the
/// transaction that made it and is used only inside that transaction, on its thread.
struct TransactionTokenLookup: @unchecked Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "kiosk.transactionTokenLookup")!
    /// Set to `true` in an encoder's user info to encode transactions without signing them.
    static let leavesTokensUnsigned = CodingUserInfoKey(rawValue: "kiosk.leavesTokensUnsigned")!

    /// `payload`: the bytes the answer's transaction carried, when it was stored as them; a row
    /// refunded or upgraded since has other bytes, and the answer keeps its own.
    var token: (_ transactionID: String, _ payload: Data?) throws -> TransactionToken
}
