import Foundation
import KioskAPI
import PaymentsCore

/// The customer's meters, points wallet, notices and restore: reads and writes of their own
/// account only.
extension KioskAPIHandler {
    func listUsage(_ input: Operations.ListUsage.Input) async throws -> Operations.ListUsage.Output {
        let meters = try await service.usage(accountID: try customerID())
        return .ok(.init(body: .json(meters.map(Components.Schemas.UsageMeter.init))))
    }

    func recordUsage(_ input: Operations.RecordUsage.Input) async throws -> Operations.RecordUsage.Output {
        let receipt = try await service.recordUsage(accountID: try customerID(), featureID: input.path.featureId,
                                                    idempotencyKey: try scoped(input.headers.idempotencyKey))
        return .ok(.init(body: .json(.init(receipt.meter))))
    }

    func listPoints(_ input: Operations.ListPoints.Input) async throws -> Operations.ListPoints.Output {
        let limit = try pageSize(input.query.limit, default: 50, maximum: 100)
        let page = try await service.pointsLedger(accountID: try customerID(), cursor: input.query.cursor, limit: limit)
        return .ok(.init(body: .json(.init(items: page.items.map(Components.Schemas.PointsEntry.init),
                                           nextCursor: page.nextCursor))))
    }

    func spendPoints(_ input: Operations.SpendPoints.Input) async throws -> Operations.SpendPoints.Output {
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        guard (1...1_000_000_000).contains(body.points) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "points must be between 1 and 1000000000", field: "points")
        }
        guard (1...200).contains(body.reason.count) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "reason must be 1 to 200 characters", field: "reason")
        }
        let entry = try await service.spendPoints(accountID: try customerID(), points: body.points, reason: body.reason,
                                                  idempotencyKey: try scoped(input.headers.idempotencyKey))
        return .ok(.init(body: .json(.init(entry))))
    }

    func listNotices(_ input: Operations.ListNotices.Input) async throws -> Operations.ListNotices.Output {
        let after = try input.query.after.map { try position($0) }
        let notices = try await service.notifications(accountID: try customerID(), after: after)
        return .ok(.init(body: .json(notices.map(Components.Schemas.Notice.init))))
    }

    func restorePurchases(_ input: Operations.RestorePurchases.Input) async throws -> Operations.RestorePurchases.Output {
        var includeInactive = false
        if case let .json(body) = input.body { includeInactive = body.includeInactive ?? false }
        let result = try await service.restorePurchases(accountID: try customerID(), includeInactive: includeInactive)
        return .ok(.init(body: .json(.init(result))))
    }
}

extension KioskAPIHandler {
    func getOfferings(_ input: Operations.GetOfferings.Input) async throws -> Operations.GetOfferings.Output {
        let accountID = try customerID()
        async let catalog = service.catalog()
        async let account = service.account(accountID)
        let (theCatalog, theAccount) = try await (catalog, account)
        return .ok(.init(body: .json(.init(theCatalog, currency: theAccount.currency))))
    }
}
