import Foundation

/// What the simulated App Store (module Simulators) still borrows from the payments core while
/// it moves out (docs/design/app-store-split.md, stage 6): the answers and receipts of purchases
/// the in-core store made before the App Store kept its own, and the sandbox's faults, still kept
/// with the merchant's. Reached only through `InCoreAppStore`.
extension LocalPaymentsService {
    /// The token of a receipt the in-core path queued without one: its transaction row's.
    func legacyReceiptToken(transactionID: String) async throws -> String {
        try await read { try await $0.transactionIssuer.deferredToken(transactionID: transactionID) }.compact()
    }

    /// The first answer to a keyed store purchase made on the in-core path, before the App Store
    /// kept its own keys (migrations v26 for one-time products, v27 for subscriptions).
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
