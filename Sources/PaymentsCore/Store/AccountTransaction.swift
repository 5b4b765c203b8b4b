/// A transaction with the store account it belongs to, as `kiosk receipt list` prints them: the
/// payload alone does not name the account.
public struct AccountTransaction: Hashable, Sendable {
    public var accountID: String
    public var transaction: SignedTransaction
    /// Who sold it, and so whose chain signs it now: `.appStore` ones verify against the App Store's
    /// root; `.merchant` ones against the merchant's, except card sales recorded before the merchant
    /// had a chain, which keep the App Store signature they were given until re-signed.
    public var issuer: SigningParty

    public init(accountID: String, transaction: SignedTransaction, issuer: SigningParty) {
        self.accountID = accountID
        self.transaction = transaction
        self.issuer = issuer
    }
}
