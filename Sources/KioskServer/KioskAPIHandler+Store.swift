import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

/// Buying on the simulated App Store account, and the price-increase consent it can ask for.
extension KioskAPIHandler {
    func createStorePurchase(_ input: Operations.CreateStorePurchase.Input) async throws
        -> Operations.CreateStorePurchase.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        var token: UUID?
        if let text = body.appAccountToken {
            guard let parsed = UUID(uuidString: text) else {
                throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                              detail: "app_account_token must be a UUID", field: "app_account_token")
            }
            token = parsed
        }
        let result = try await appStore.storePurchase(StorePurchaseRequest(
            accountID: accountID, productID: body.productId, offerCode: body.offerCode, appAccountToken: token,
            idempotencyKey: try scoped(input.headers.idempotencyKey)))
        return .ok(.init(body: .json(try .init(result))))
    }

    func getPendingStorePurchase(_ input: Operations.GetPendingStorePurchase.Input) async throws
        -> Operations.GetPendingStorePurchase.Output {
        let accountID = try customerID()
        let id = input.path.pendingActionId
        let status = try await appStore.pendingPurchaseStatus(pendingID: id, accountID: accountID)
        return .ok(.init(body: .json(.init(pendingActionId: id, status: .init(status)))))
    }

    func answerPriceIncrease(_ input: Operations.AnswerPriceIncrease.Input) async throws
        -> Operations.AnswerPriceIncrease.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let id = input.path.pendingActionId
        // Either party's consent request: the merchant's, or the App Store's for what it bills.
        guard try await desk.pendingActions(accountID: accountID).contains(where: { $0.id == id && $0.kind == .priceIncrease }) else {
            throw PaymentsError.pendingActionNotFound(id)
        }
        let subscription = try await desk.answerPriceIncrease(pendingID: id, accept: body.accept)
        return .ok(.init(body: .json(.init(subscription))))
    }

    func requestPriceIncrease(_ input: Operations.RequestPriceIncrease.Input) async throws
        -> Operations.RequestPriceIncrease.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        guard (1...1_000_000_000_000).contains(body.newPrice) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "new_price must be between 1 and 1000000000000", field: "new_price")
        }
        let action = try await desk.requestPriceIncrease(subscriptionID: input.path.subscriptionId, newPrice: body.newPrice)
        return .created(.init(body: .json(.init(action))))
    }
}
