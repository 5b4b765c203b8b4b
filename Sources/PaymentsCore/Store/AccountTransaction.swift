/// A transaction with the store account it belongs to, as `kiosk receipt list` prints them: the
/// payload alone does not name the account.
public struct AccountTransaction: Hashable, Sendable {
    public var accountID: String
    public var transaction: SignedTransaction
    /// Who signed it: a verifier trusting only the App Store's root takes only `.appStore` ones.
    public var issuer: SigningParty

    public init(accountID: String, transaction: SignedTransaction, issuer: SigningParty) {
        self.accountID = accountID
        self.transaction = transaction
        self.issuer = issuer
    }
}
