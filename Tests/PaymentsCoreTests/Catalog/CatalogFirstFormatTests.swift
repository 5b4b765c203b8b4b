@testable import PaymentsCore
import Testing

/// Issue 15, "Catalog files of the first format": plans and products naming an entitlement with no
/// `entitlements:` list validate again; with a list, an undeclared id suggests the nearest one.
@Suite struct CatalogFirstFormatTests {
    static let firstFormat = """
        catalog: 1
        name: First Format Store
        currency: USD
        plans:
          - id: free
            name: Free
            rank: 0
          - id: pro
            name: Pro
            rank: 1
            entitlement: premium
            products:
              - {id: pro.monthly, period: P1M, price: 999}
        products:
          - {id: themes.lifetime, type: non-consumable, name: Theme pack, price: 1499, entitlement: themes}
          - {id: season.pass, type: non-renewing, name: Season pass, price: 2999, duration: P3M, entitlement: premium}

        """

    @Test func entitlementsNamedWithoutAListAreDeclaredByUseWithANote() throws {
        let loaded = try CatalogLoader.loadNoting(yaml: Self.firstFormat, file: "first.yaml").get()
        #expect(loaded.catalog.entitlements == [EntitlementDefinition(id: "premium", name: "premium"),
                                                EntitlementDefinition(id: "themes", name: "themes")])
        #expect(loaded.notes.map(\.description) == [
            "first.yaml:11:18: note: entitlement 'premium' in 'entitlement' in plan 'pro' is declared by this use, "
                + "named 'premium', as the catalog has no 'entitlements:' list",
            "first.yaml:15:93: note: entitlement 'themes' in 'entitlement' in product 'themes.lifetime' is declared "
                + "by this use, named 'themes', as the catalog has no 'entitlements:' list",
        ])
        #expect(loaded.catalog.plans.last?.entitlement == "premium")
    }

    @Test func plainLoadAcceptsTheFirstFormat() throws {
        let catalog = try CatalogLoader.load(yaml: Self.firstFormat, file: "first.yaml").get()
        #expect(catalog.entitlements.map(\.id) == ["premium", "themes"])
    }

    @Test func withAListAnUndeclaredIdIsAnErrorSuggestingTheNearest() throws {
        let yaml = Self.firstFormat.replacingOccurrences(of: "currency: USD\n", with: """
            currency: USD
            entitlements:
              - {id: premium, name: Premium}
              - {id: themes, name: Themes}

            """).replacingOccurrences(of: "entitlement: themes}", with: "entitlement: theme}")
        let diagnostics = CatalogFixtures.diagnostics(yaml)
        #expect(diagnostics.map(\.message) == [
            "unknown entitlement 'theme' in 'entitlement' in product 'themes.lifetime'; did you mean 'themes'? "
                + "declared entitlements: premium, themes",
        ])
    }

    @Test func nearestIdentifierPicksTheSmallestEditDistance() {
        #expect(NearestIdentifier.nearest(to: "premum", among: ["themes", "premium"]) == "premium")
        #expect(NearestIdentifier.nearest(to: "x", among: []) == nil)
    }
}
