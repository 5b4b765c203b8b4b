extension LocalPaymentsService {
    /// Every transaction of an account (or of every account when nil), oldest first, signed. A write
    /// on behalf of a read: a token never needed before is signed now and cached in its row.
    public func allTransactions(accountID: String?) async throws -> [AccountTransaction] {
        try await writeWithoutDueWork { try await $0.transactionIssuer.allTransactions(accountID: accountID) }
    }
}

extension LocalPaymentsService {
    /// The App Store's signed renewal info for each of the account's subscriptions (a read: it
    /// signs, but runs no due work).
    func renewalInfo(accountID: String) async throws -> [SignedRenewalInfo] {
        try await writeWithoutDueWork { try await $0.transactionIssuer.signedRenewalInfo(accountID: accountID) }
    }
}
