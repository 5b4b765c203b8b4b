import KioskAPI
import PaymentsCore

extension Components.Schemas.StoreControls {
    init(_ controls: PaymentsCore.StoreControls) {
        self.init(askToBuy: controls.askToBuy, interruptedPurchases: controls.interruptedPurchases,
                  renewalsFail: controls.renewalsFail,
                  faults: controls.faults.map { fault in
                      .init(operation: .init(rawValue: fault.operation.rawValue) ?? .purchase,
                            error: .init(rawValue: fault.error.rawValue) ?? .unknown, remaining: fault.remaining)
                  },
                  droppedReceiptSubmissions: controls.droppedReceiptSubmissions,
                  duplicateReceiptSubmissions: controls.duplicateReceiptSubmissions,
                  backendUnreachableUntil: controls.backendUnreachableUntil,
                  backendServerErrors: controls.backendServerErrors)
    }
}

extension PaymentsCore.StoreControls {
    /// The contract bounds every number; the generated server does not enforce them, so this does.
    init(_ body: Components.Schemas.StoreControls) throws {
        func bounded(_ value: Int?, _ field: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let value else { return nil }
            guard range.contains(value) else {
                throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                              detail: "\(field) must be between \(range.lowerBound) and \(range.upperBound)", field: field)
            }
            return value
        }
        let faults = body.faults ?? []
        guard faults.count <= 50 else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "at most 50 faults", field: "faults")
        }
        self.init(
            askToBuy: body.askToBuy ?? false, interruptedPurchases: body.interruptedPurchases ?? false,
            renewalsFail: body.renewalsFail ?? false,
            faults: try faults.enumerated().map { index, fault in
                guard let operation = StoreOperation(rawValue: fault.operation.rawValue),
                      let error = StoreError(rawValue: fault.error.rawValue) else {
                    throw Problem.invalidRequest("faults[\(index)] names an operation or error this server does not know")
                }
                return StoreFault(operation: operation, error: error,
                                  remaining: try bounded(fault.remaining, "faults[\(index)].remaining", 1...1_000))
            },
            droppedReceiptSubmissions: try bounded(body.droppedReceiptSubmissions, "dropped_receipt_submissions", 0...1_000) ?? 0,
            duplicateReceiptSubmissions: body.duplicateReceiptSubmissions ?? false,
            backendUnreachableUntil: body.backendUnreachableUntil,
            backendServerErrors: try bounded(body.backendServerErrors, "backend_server_errors", 0...1_000) ?? 0)
    }
}

extension Components.Schemas.PendingAction {
    init(_ action: PaymentsCore.PendingAction) {
        self.init(id: action.id, accountId: action.accountID, kind: .init(rawValue: action.kind.rawValue) ?? .askToBuy,
                  productId: action.productID, subscriptionId: action.subscriptionID, createdAt: action.createdAt,
                  newPrice: action.newPrice.map(Components.Schemas.Money.init))
    }
}

extension Components.Schemas.StorePurchaseResult {
    init(_ result: PaymentsCore.StorePurchaseResult) throws {
        switch result {
        case let .success(transaction, receipt):
            self.init(outcome: .success, signedTransaction: try transaction.jws, invoice: .init(receipt.invoice),
                      productId: receipt.productID, subscriptionId: receipt.subscription?.id,
                      subscription: receipt.subscription.map(Components.Schemas.Subscription.init),
                      introOfferApplied: receipt.introOfferApplied, pointsCredited: receipt.pointsCredited,
                      entitlements: receipt.entitlements)
        case .userCancelled:
            self.init(outcome: .userCancelled)
        case let .pending(action):
            self.init(outcome: .pending, pendingActionId: action.id, pendingAction: .init(action))
        }
    }
}
