/// The account and its customer info read together: `GET /v1/customer` answers both, and one read
/// transaction instead of two halves its trips to the store's reader threads.
public struct CustomerOverview: Hashable, Sendable {
    public var account: Account
    public var info: CustomerInfo

    public init(account: Account, info: CustomerInfo) {
        self.account = account
        self.info = info
    }
}
