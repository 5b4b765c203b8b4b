extension LocalPaymentsService {
    /// Every transaction of an account (or of every account when nil), oldest first, signed. A write
    /// on behalf of a read: a token never needed before is signed now and cached in its row.
    public func allTransactions(accountID: String?) async throws -> [AccountTransaction] {
        try await writeWithoutDueWork { try await $0.transactionIssuer.allTransactions(accountID: accountID) }
    }
}
