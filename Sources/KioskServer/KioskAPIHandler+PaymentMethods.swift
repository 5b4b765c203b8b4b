import Foundation
import KioskAPI
import PaymentsCore

/// Removing a saved card and choosing the default one, for the customer's own cards only.
extension KioskAPIHandler {
    func removePaymentMethod(_ input: Operations.RemovePaymentMethod.Input) async throws
        -> Operations.RemovePaymentMethod.Output {
        try await service.removePaymentMethod(try await ownPaymentMethod(input.path.paymentMethodId))
        return .noContent(.init())
    }

    func setDefaultPaymentMethod(_ input: Operations.SetDefaultPaymentMethod.Input) async throws
        -> Operations.SetDefaultPaymentMethod.Output {
        try await service.setDefaultPaymentMethod(try await ownPaymentMethod(input.path.paymentMethodId))
        return .noContent(.init())
    }

    /// The id of one of the caller's cards, or 404 exactly as for a card that does not exist.
    private func ownPaymentMethod(_ id: String) async throws -> String {
        let own = try await service.paymentMethods(accountID: try customerID())
        guard own.contains(where: { $0.id == id }) else { throw PaymentsError.paymentMethodNotFound(id) }
        return id
    }
}
