import Foundation
import KioskAPI
import PaymentsCore

/// 3-D Secure: the customer answers the challenge their own purchase returned.
extension KioskAPIHandler {
    func completeAuthentication(_ input: Operations.CompleteAuthentication.Input) async throws
        -> Operations.CompleteAuthentication.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        let pendingID = input.path.pendingActionId
        let own = try await service.pendingActions(accountID: accountID)
        guard own.contains(where: { $0.id == pendingID && $0.kind == .threeDSecure }) else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let outcome = try await service.completeAuthentication(pendingID: pendingID, approved: body.approved)
        return .ok(.init(body: .json(try .init(outcome))))
    }
}
