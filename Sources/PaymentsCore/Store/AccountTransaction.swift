/// A transaction with the store account it belongs to, as `kiosk receipt list` prints them: the
/// payload alone does not name the account.
public struct AccountTransaction: Hashable, Sendable {
    public var accountID: String
    public var transaction: SignedTransaction

    public init(accountID: String, transaction: SignedTransaction) {
        self.accountID = accountID
        self.transaction = transaction
    }
}
