import Foundation
import KioskAPI
import PaymentsCore

/// The test-control API's store switches, pending actions, snapshots and resets (admin key only,
/// see `OperationAudience`).
extension KioskAPIHandler {
    func getStoreControls(_ input: Operations.GetStoreControls.Input) async throws -> Operations.GetStoreControls.Output {
        .ok(.init(body: .json(.init(try await desk.storeControls()))))
    }

    func putStoreControls(_ input: Operations.PutStoreControls.Input) async throws -> Operations.PutStoreControls.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        try await desk.updateStoreControls(try PaymentsCore.StoreControls(body))
        return .ok(.init(body: .json(.init(try await desk.storeControls()))))
    }

    func listPendingActions(_ input: Operations.ListPendingActions.Input) async throws -> Operations.ListPendingActions.Output {
        let actions = try await desk.pendingActions(accountID: input.query.accountId)
        return .ok(.init(body: .json(actions.map(Components.Schemas.PendingAction.init))))
    }

    func approvePendingPurchase(_ input: Operations.ApprovePendingPurchase.Input) async throws
        -> Operations.ApprovePendingPurchase.Output {
        let result = try await desk.approvePurchase(pendingID: input.path.pendingActionId)
        return .ok(.init(body: .json(try .init(result))))
    }

    func declinePendingPurchase(_ input: Operations.DeclinePendingPurchase.Input) async throws
        -> Operations.DeclinePendingPurchase.Output {
        try await desk.declinePurchase(pendingID: input.path.pendingActionId)
        return .noContent(.init())
    }

    func listSnapshots(_ input: Operations.ListSnapshots.Input) async throws -> Operations.ListSnapshots.Output {
        .ok(.init(body: .json(try await service.snapshots())))
    }

    func saveSnapshot(_ input: Operations.SaveSnapshot.Input) async throws -> Operations.SaveSnapshot.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        try await service.saveSnapshot(named: body.name)
        return .noContent(.init())
    }

    func restoreSnapshot(_ input: Operations.RestoreSnapshot.Input) async throws -> Operations.RestoreSnapshot.Output {
        try await service.restoreSnapshot(named: input.path.snapshotName)
        return .noContent(.init())
    }

    func resetStore(_ input: Operations.ResetStore.Input) async throws -> Operations.ResetStore.Output {
        try await desk.resetStore()
        return .noContent(.init())
    }

    func clearAllTransactions(_ input: Operations.ClearAllTransactions.Input) async throws
        -> Operations.ClearAllTransactions.Output {
        try await desk.clearAllTransactions()
        return .noContent(.init())
    }
}
