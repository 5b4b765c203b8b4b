import Foundation
import Testing
@testable import PaymentsCore

/// Every operation a fault can target fails with the chosen error, once per armed count, and
/// then works again: the countdown commits even though the call failed.
@Suite struct StoreFaultTests {
    /// Calls the API that `operation` names, on an account with a paid subscription.
    func call(_ operation: StoreOperation, _ store: CoreFixture, _ account: Account, subscription: String,
              invoice: String) async throws {
        switch operation {
        case .loadProducts: _ = try await store.service.catalog()
        case .purchase: _ = try await store.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500"))
        case .restore: _ = try await store.service.restorePurchases(accountID: account.id, includeInactive: true)
        case .subscriptionStatus: _ = try await store.service.subscriptions(accountID: account.id)
        case .verification:
            let jws = try #require(try await store.service.transactions(accountID: account.id, limit: 1).first).jws
            _ = try await store.service.verifyTransaction(jws)
        case .refundRequest: _ = try await store.service.refund(invoiceID: invoice, idempotencyKey: "refund-\(operation)")
        case .manageSubscriptions: _ = try await store.service.cancelAtPeriodEnd(subscriptionID: subscription, reason: nil)
        }
    }

    @Test(arguments: StoreOperation.allCases)
    func faultFailsTheNextCallsOfItsOperationThenClears(_ operation: StoreOperation) async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "pro.yearly")
        let subscription = try #require(receipt.subscription).id
        try await store.service.desk.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: operation, error: .systemError, remaining: 2)]))
        for _ in 0..<2 {
            do {
                try await call(operation, store, ada, subscription: subscription, invoice: receipt.invoice.id)
                Issue.record("\(operation) did not fail")
            } catch PaymentsError.store(.systemError) {
            } catch PaymentsError.restore(.serviceError(.systemError)) {
            }
        }
        try await call(operation, store, ada, subscription: subscription, invoice: receipt.invoice.id)
        #expect(try await store.service.storeControls().faults.isEmpty)
        #expect(try await store.invariants() == [])
    }
}
