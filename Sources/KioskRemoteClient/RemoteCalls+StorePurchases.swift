import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

/// The store sheet's purchase (StoreKit-style, on the customer's simulated App Store account) and
/// a parent's approval of an ask-to-buy request, over the customer and test-control APIs.
extension RemoteCalls {
    func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        let own = try await ownAccount(request.accountID)
        let what = "buying \(request.productID) through the store"
        let result = try await server.call(what) { api in
            let body = Components.Schemas.StorePurchaseInput(productId: request.productID, offerCode: request.offerCode,
                                                             appAccountToken: request.appAccountToken?.uuidString)
            switch try await api.createStorePurchase(headers: .init(idempotencyKey: request.idempotencyKey),
                                                     body: .json(body)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try storeResult(result, accountID: own, what: what)
    }

    func storePurchaseStatus(_ pendingID: String, accountID: String) async throws -> PendingPurchaseStatus {
        _ = try await ownAccount(accountID)
        return try await server.call("checking the purchase request") { api in
            switch try await api.getPendingStorePurchase(path: .init(pendingActionId: pendingID)) {
            case let .ok(ok): return PendingPurchaseStatus(try ok.body.json.status)
            case .default(404, _): throw PaymentsError.pendingActionNotFound(pendingID)
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    func approvePurchase(_ pendingID: String) async throws -> StorePurchaseResult {
        let own = try await server.session.accountID { try await signedInAccount() }
        let what = "approving the purchase request"
        let result = try await server.adminCall(what) { api in
            switch try await api.approvePendingPurchase(path: .init(pendingActionId: pendingID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try storeResult(result, accountID: own, what: what)
    }

    /// A store purchase's answer as the core's result, from that one answer: the subscription it
    /// started comes with it, the transaction is the signed JWS the server sent.
    private func storeResult(_ result: Components.Schemas.StorePurchaseResult, accountID: String,
                             what: String) throws -> StorePurchaseResult {
        switch result.outcome {
        case .userCancelled:
            return .userCancelled
        case .pending:
            guard let action = result.pendingAction else {
                throw RemoteCallFailure(server: serverName, operation: what,
                                        reason: .unreadableAnswer("a pending purchase without its action"))
            }
            return .pending(try mapped(what) { try PendingAction(action) })
        case .success:
            guard let invoice = result.invoice, let jws = result.signedTransaction else {
                throw RemoteCallFailure(server: serverName, operation: what,
                                        reason: .unreadableAnswer("a store purchase without its invoice or transaction"))
            }
            let transaction = try mapped(what) { try SignedTransaction(remoteJWS: jws) }
            let mappedInvoice = try mapped(what) { try Invoice(invoice, accountID: accountID) }
            let subscription = try mapped(what) { try result.subscription.map { try Subscription($0, accountID: accountID) } }
            return .success(transaction, PurchaseReceipt(
                productID: result.productId ?? transaction.payload.productId, invoice: mappedInvoice,
                subscription: subscription, introOfferApplied: result.introOfferApplied ?? false,
                pointsCredited: result.pointsCredited ?? 0, entitlements: result.entitlements ?? [],
                transaction: transaction))
        }
    }
}
