import Foundation
import Testing
@testable import PaymentsCore

@Suite("catalog bundle-id and environment")
struct CatalogSigningSettingsTests {
    private func load(_ yaml: String) throws -> Catalog {
        guard case let .success(catalog) = CatalogLoader.load(yaml: yaml, file: "test.yaml") else {
            Issue.record("catalog rejected")
            throw CancellationError()
        }
        return catalog
    }

    private func with(_ lines: String) -> String {
        CatalogFixtures.minimal.replacingOccurrences(of: "currencies: [EUR]\n", with: "currencies: [EUR]\n\(lines)\n")
    }

    @Test("without the fields transactions say Sandbox and dev.kiosk.store")
    func defaults() throws {
        let catalog = try load(CatalogFixtures.minimal)
        #expect(catalog.bundleId == nil && catalog.environment == nil)
        #expect(catalog.signingBundleID == "dev.kiosk.store" && catalog.signingEnvironment == .sandbox)
    }

    @Test("the catalog chooses the bundle id and the environment, and the YAML writer keeps them")
    func chosen() throws {
        let catalog = try load(with("bundle-id: com.example.shop\nenvironment: Production"))
        #expect(catalog.signingBundleID == "com.example.shop" && catalog.signingEnvironment == .production)
        let again = try load(CatalogYAMLWriter.yaml(catalog))
        #expect(again == catalog)
        let json = try JSONEncoder().encode(catalog)
        #expect(try JSONDecoder().decode(Catalog.self, from: json) == catalog)
        #expect(String(decoding: json, as: UTF8.self).contains("\"bundle-id\":\"com.example.shop\""))
    }

    @Test("bad values are reported with their position")
    func badValues() throws {
        let environment = try CatalogFixtures.single(with("environment: Staging"))
        #expect(environment.line == 5 && environment.message.contains("must be one of Sandbox, Production, Xcode, LocalTesting"))
        let bundle = try CatalogFixtures.single(with("bundle-id: com..shop"))
        #expect(bundle.line == 5 && bundle.message.contains("must be a bundle id"))
    }

    @Test("store transactions carry the catalog's bundle id and environment")
    func engineUsesThem() async throws {
        let catalog = try load(with("bundle-id: com.example.shop\nenvironment: Xcode"))
        let store = try await CoreFixture(catalog: catalog)
        let account = try await store.account(card: nil)
        guard case let .success(transaction, _) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: "points.500")) else {
            Issue.record("not a success"); return
        }
        #expect(transaction.payload.bundleId == "com.example.shop" && transaction.payload.environment == .xcode)
        #expect(transaction.payload.price == 4990 && transaction.payload.transactionReason == .purchase)
        #expect(transaction.payload.webOrderLineItemId == nil && transaction.payload.offerDiscountType == nil)

        guard case let .success(trial, _) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: "pro.monthly")) else {
            Issue.record("not a success"); return
        }
        #expect(trial.payload.offerType == .introductory && trial.payload.offerDiscountType == .freeTrial)
        #expect(trial.payload.offerPeriod == "P1W" && trial.payload.price == 0)
        #expect(trial.payload.webOrderLineItemId != nil && trial.payload.transactionReason == .purchase)
    }
}
