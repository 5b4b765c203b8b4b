import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CatalogYAMLWriterTests {
    private func reload(_ yaml: String) throws -> Catalog {
        switch CatalogLoader.load(yaml: yaml, file: "written.yaml") {
        case let .success(catalog): return catalog
        case let .failure(errors):
            Issue.record("the written catalog does not load:\n\(errors)\n\(yaml)")
            throw errors
        }
    }

    @Test func theDefaultCatalogSurvivesARoundTrip() throws {
        let original = try CatalogLoader.load(yaml: try CatalogFixtures.defaultCatalogText(), file: "catalog.yaml").get()
        #expect(try reload(CatalogYAMLWriter.yaml(original)) == original)
    }

    @Test func anImportedCatalogLoadsAsImported() throws {
        for json in [StoreKitFixtures.studio, StoreKitFixtures.yen()] {
            let imported = try StoreKitFixtures.convert(json)
            #expect(try reload(imported.yaml(sourceFile: "Studio.storekit")) == imported.catalog)
        }
    }

    @Test func textYAMLWouldMisreadIsQuoted() throws {
        let names = ["yes", "12345", "a: b", "# not a comment", "say \"hi\"\\", "two\nlines", "[list]", "ünïcode",
                     "-dash", "tab\there", "null"]
        let catalog = Catalog(name: "Quoting", currency: .usd, group: "123",
                              entitlements: names.enumerated().map { EntitlementDefinition(id: "e\($0.offset)", name: $0.element) },
                              products: names.enumerated().map {
                                  OneTimeProduct(id: "p\($0.offset)", type: .consumable, name: $0.element, price: 1, points: 1)
                              })
        #expect(try reload(CatalogYAMLWriter.yaml(catalog)) == catalog)
        #expect(CatalogYAMLWriter.scalar("pro.monthly") == "pro.monthly")
        #expect(CatalogYAMLWriter.scalar("Yes") == "\"Yes\"")
        #expect(CatalogYAMLWriter.scalar("a\u{1}b") == "\"a\\u0001b\"")
    }

    @Test func theHeaderIsCommentsEvenWhenANoteHasLineBreaks() throws {
        let yaml = CatalogYAMLWriter.yaml(Catalog(name: "Header", currency: .usd),
                                          header: ["first", "", "note with\nbreak: true"])
        #expect(yaml.hasPrefix("# first\n#\n# note with break: true\ncatalog: 1\n"))
        #expect(try reload(yaml) == Catalog(name: "Header", currency: .usd))
    }

    @Test func theImportHeaderNamesTheSourceAndListsTheNotes() throws {
        let imported = try StoreKitFixtures.convert(StoreKitFixtures.yen(coinsPrice: "1.5"))
        let lines = imported.yaml(sourceFile: "Yen.storekit").components(separatedBy: "\n")
        #expect(Array(lines.prefix(6)) == [
            "# Imported from Yen.storekit by `kiosk catalog import`.",
            "# Check it with `kiosk catalog validate FILE`; add features for the plan comparison table.",
            "#",
            "# Not imported or approximated:",
            "# - product 'coins.50': price '1.5' has more decimals than JPY allows (0); not rounded; not imported",
            "catalog: 1",
        ])
    }
}
