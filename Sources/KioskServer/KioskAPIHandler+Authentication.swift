import Foundation
import KioskAPI
import PaymentsCore

/// 3-D Secure: the customer answers the challenge their own purchase returned; and the check
/// that a pending action is the caller's.
extension KioskAPIHandler {
    func completeAuthentication(_ input: Operations.CompleteAuthentication.Input) async throws
        -> Operations.CompleteAuthentication.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let pendingID = try await ownPendingAction(input.path.pendingActionId, kind: .threeDSecure, accountID: accountID)
        let outcome = try await service.completeAuthentication(pendingID: pendingID, approved: body.approved)
        return .ok(.init(body: .json(try .init(outcome))))
    }

    /// `id` when it is a pending action of `kind` waiting for the caller; 404 otherwise, the same
    /// for another customer's action as for one that does not exist.
    func ownPendingAction(_ id: String, kind: PendingAction.Kind, accountID: String) async throws -> String {
        let own = try await service.pendingActions(accountID: accountID)
        guard own.contains(where: { $0.id == id && $0.kind == kind }) else { throw PaymentsError.pendingActionNotFound(id) }
        return id
    }
}
