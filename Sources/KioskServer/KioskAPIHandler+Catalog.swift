import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore

/// What a storefront connected to the server needs to draw the same screens as one on the data
/// directory: the whole catalog, and where the change feed ends so it hears only news.
extension KioskAPIHandler {
    func getCatalog(_ input: Operations.GetCatalog.Input) async throws -> Operations.GetCatalog.Output {
        _ = try customerID()
        let yaml = CatalogYAMLWriter.yaml(try await service.catalog())
        return .ok(.init(body: .yaml(HTTPBody(yaml))))
    }

    func getEventsPosition(_ input: Operations.GetEventsPosition.Input) async throws
        -> Operations.GetEventsPosition.Output {
        let position = try await service.feedPosition(accountID: try customerID())
        return .ok(.init(body: .json(.init(position: position))))
    }
}

extension KioskAPIHandler {
    func listEntitlements(_ input: Operations.ListEntitlements.Input) async throws -> Operations.ListEntitlements.Output {
        let entitlements = try await service.entitlements(accountID: try customerID())
        return .ok(.init(body: .json(entitlements.map(Components.Schemas.AccessGrant.init))))
    }
}
