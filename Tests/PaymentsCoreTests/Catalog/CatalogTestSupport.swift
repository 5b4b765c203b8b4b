import Foundation
import KioskResources
import Testing
@testable import PaymentsCore

/// Shared inputs for the catalog tests.
enum CatalogFixtures {
    static func defaultCatalogText() throws -> String {
        let url = try #require(KioskResources.defaultCatalogURL)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The diagnostics for `yaml`, failing the test if it loads.
    static func diagnostics(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> [CatalogDiagnostic] {
        switch CatalogLoader.load(yaml: yaml, file: "test.yaml") {
        case .success:
            Issue.record("expected the catalog to be rejected", sourceLocation: sourceLocation)
            return []
        case let .failure(errors):
            return errors.diagnostics
        }
    }

    /// The only diagnostic for `yaml`, failing the test if there is not exactly one.
    static func single(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CatalogDiagnostic {
        let all = diagnostics(yaml, sourceLocation: sourceLocation)
        #expect(all.count == 1, "\(all)", sourceLocation: sourceLocation)
        return try #require(all.first, sourceLocation: sourceLocation)
    }

    /// A small valid catalog that tests vary one line at a time. Line numbers matter: tests
    /// assert positions in it.
    static let minimal = """
        catalog: 1
        name: Test Store
        currency: USD
        currencies: [EUR]
        entitlements:
          - {id: premium, name: Premium}
        features:
          - {id: projects, name: Projects, kind: limit, period: P1M}
          - {id: refresh, name: Refresh, kind: interval}
          - {id: export, name: Export, kind: flag}
        plans:
          - id: free
            name: Free
            rank: 0
            features: {projects: 3, refresh: PT24H, export: false}
          - id: pro
            name: Pro
            rank: 1
            entitlement: premium
            features: {projects: unlimited, refresh: PT1H, export: true}
            products:
              - {id: pro.monthly, period: P1M, price: 999, prices: {EUR: 999}, intro: {type: free-trial, period: P1W}}
              - {id: pro.yearly, period: P1Y, price: 9999, prices: {EUR: 9999}}
        products:
          - {id: points.500, type: consumable, name: Starter, price: 499, prices: {EUR: 499}, points: 500}
          - {id: pass, type: non-renewing, name: Pass, price: 2999, prices: {EUR: 2999}, duration: P3M, entitlement: premium}
        offer-codes:
          - {code: WELCOME20, products: [pro.monthly], discount: {percent: 20}, expires: 2030-12-31T23:59:59Z}

        """

    /// `minimal` with line `line` (1-based) replaced.
    static func minimal(replacingLine line: Int, with text: String) -> String {
        var lines = minimal.components(separatedBy: "\n")
        lines[line - 1] = text
        return lines.joined(separator: "\n")
    }
}
