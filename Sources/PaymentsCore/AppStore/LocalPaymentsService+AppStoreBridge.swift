import Foundation

/// What the simulated App Store (module Simulators) still borrows from the payments core while
/// it moves out (docs/design/app-store-split.md, stages 4 and 5): store-billed subscriptions are
/// still sold, renewed and notified here, and the sandbox's faults are still kept with the
/// merchant's. Reached only through `InCoreAppStore`.
extension LocalPaymentsService {
    /// A store-billed subscription the sheet said yes to, bought on the in-core path, keyed as
    /// before so a retry gets the first answer; its receipt waits in the device's queue.
    func legacyStoreSubscriptionPurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        guard case .subscription? = storeCatalog.product(id: request.productID) else {
            throw PaymentsError.invalidInput(field: "productID",
                                             message: "\(request.productID) is not a subscription; the App Store sells one-time products itself")
        }
        return try await write { work in
            try await work.idempotentRequests.idempotent(request.idempotencyKey, operation: Self.storePurchaseOperation,
                                                         request: request) { () async throws -> StorePurchaseResult in
                let outcome = try await work.purchases.performPurchase(
                    accountID: request.accountID, productID: request.productID, offerCode: request.offerCode, payer: .store,
                    appAccountToken: request.appAccountToken)
                guard case let .purchased(receipt) = outcome, let transaction = receipt.transaction else {
                    throw PaymentsError.store(.purchaseNotAllowed)
                }
                return .success(transaction, receipt)
            }
        }
    }

    /// The token of a receipt the in-core path queued without one: its transaction row's.
    func legacyReceiptToken(transactionID: String) async throws -> String {
        try await read { try await $0.transactionIssuer.deferredToken(transactionID: transactionID) }.compact()
    }

    /// The first answer to a keyed store purchase made on the in-core path: a subscription, or
    /// any purchase keyed before the App Store kept its own keys (migration v26).
    func legacyStorePurchaseAnswer(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult? {
        guard let key = request.idempotencyKey, !key.isEmpty else { return nil }
        return try await read { work in
            try await work.idempotentRequests.storedAnswer(key, operation: Self.storePurchaseOperation, request: request,
                                                           as: StorePurchaseResult.self)
        }
    }

    /// Counts down a fault armed on `operation`, answering its error.
    func takeFault(_ operation: StoreOperation) async throws -> StoreError? {
        try await writeWithoutDueWork { try await $0.testControls.takeFault(operation) }
    }

    private static let storePurchaseOperation = "store_purchase"
}
