public struct HostedCheckoutRequest: Hashable, Sendable {
    public var accountID: String
    public var productID: String
    public var offerCode: String?
    public var idempotencyKey: String

    public init(accountID: String, productID: String, offerCode: String?, idempotencyKey: String) {
        self.accountID = accountID
        self.productID = productID
        self.offerCode = offerCode
        self.idempotencyKey = idempotencyKey
    }
}
