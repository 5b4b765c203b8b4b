import Foundation
@testable import PaymentsCore

/// Helpers shared by the customer view tests.
enum CustomerViewsTestSupport {
    /// A purchase billed to the store account (StoreKit-style) rather than a card.
    static func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws -> PurchaseReceipt {
        guard case let .success(_, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: product)) else { throw FixtureError.missing("success") }
        return receipt
    }

    /// Corrupts every stored signed transaction of an account, as a forged receipt would be.
    /// Tokens are signed when first read and stored in their rows by the next write, so reading
    /// each one and then writing makes every row carry one.
    static func tamperTransactions(_ store: CoreFixture, accountID: String) async throws {
        for transaction in try await store.service.transactions(accountID: accountID, limit: 1000) { _ = try transaction.jws }
        try await store.service.write { _ in }
        try await store.service.storage.write { db in
            let rows = try await db.fetchAll(StoredRow.self, "SELECT id, jws FROM transactions WHERE account_id = ?", [accountID])
            for row in rows {
                var jws = Array(try row.get("jws", as: String.self))
                jws[jws.count / 2] = jws[jws.count / 2] == "A" ? "B" : "A"
                try await db.execute("UPDATE transactions SET jws = ? WHERE id = ?", [String(jws), try row.get("id", as: String.self)])
            }
        }
    }

    static func subscription(state: RenewalState, periodType: PeriodType, willAutoRenew: Bool,
                             expirationReason: ExpirationReason? = nil) -> Subscription {
        Subscription(
            id: "sub_000001", accountID: "acct_000001", groupID: "main", planID: "pro", productID: "pro.monthly",
            state: state, periodType: periodType, currentPeriodStart: CoreFixture.start,
            currentPeriodEnd: CoreFixture.date("2026-02-01T00:00:00Z"), originalPurchaseDate: CoreFixture.start,
            willAutoRenew: willAutoRenew, pendingProductID: nil, expirationReason: expirationReason, revocationDate: nil,
            revocationReason: nil, billingIssueDetectedAt: nil, unsubscribeDetectedAt: nil, gracePeriodEndsAt: nil,
            billingRetryEndsAt: nil, periodAmountPaid: Money(minorUnits: 1000, currency: .usd), paymentMethodID: nil,
            cancellationReason: nil)
    }
}
