import Foundation
import Testing

@Suite struct CatalogImportCommandTests {
    @Test func importWritesTheCatalogToStandardOutputAndNotesToStandardError() throws {
        let directory = try StoreKitImportCLIFixtures.directoryWithNotes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try CatalogCLI.run(["catalog", "import", "Notes.storekit"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").map(String.init) == StoreKitImportCLIFixtures.expectedNotes)
        let body = outcome.stdout.components(separatedBy: "\n").drop { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(body == StoreKitImportCLIFixtures.expectedCatalog)
        #expect(outcome.stdout.hasPrefix("# Imported from Notes.storekit by `kiosk catalog import`.\n"))
        #expect(outcome.stdout.contains("# - product 'notes.stars': points 250 read from the display name"))
    }

    @Test func theWrittenCatalogValidates() throws {
        let directory = try StoreKitImportCLIFixtures.directoryWithNotes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "--output", "notes.yaml"],
                                          in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.isEmpty)
        let validated = try CatalogCLI.run(["catalog", "validate", "notes.yaml"], in: directory)
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect(validated.stdout == "notes.yaml: OK: Notes, 3 plans, 2 subscription products, 1 one-time product, "
            + "0 features, 0 offer codes, currencies GBP\n")
    }

    @Test func anExistingOutputIsReplacedOnlyWithForce() throws {
        let directory = try StoreKitImportCLIFixtures.directoryWithNotes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("catalog.yaml")
        try "keep me\n".write(to: output, atomically: true, encoding: .utf8)
        let refused = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "-o", "catalog.yaml"], in: directory)
        #expect(refused.status == 73)
        #expect(refused.stderr.hasSuffix("catalog.yaml: error: already exists; use --force to replace it\n"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "keep me\n")

        let forced = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "-o", "catalog.yaml", "--force"],
                                        in: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).hasSuffix(StoreKitImportCLIFixtures.expectedCatalog))
    }

    @Test func optionsChooseTheCurrencyNameAndGroup() throws {
        let directory = try StoreKitImportCLIFixtures.directoryWithNotes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "--currency", "eur",
                                          "--name", "Notes Cloud", "--group", "Notes"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\nname: \"Notes Cloud\"\ncurrency: EUR\n"))

        let unknown = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "--group", "Teams"], in: directory)
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "Notes.storekit: error: no subscription group 'Teams' in the file; groups: "
            + "'Notes' (30000001)\n")
        #expect(unknown.stdout.isEmpty)
    }

    @Test func usageErrorsExit64() throws {
        let directory = try StoreKitImportCLIFixtures.directoryWithNotes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let currency = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "--currency", "ABC"], in: directory)
        #expect(currency.status == 64)
        #expect(currency.stderr.contains("--currency 'ABC' is not an ISO 4217 currency code."))
        let force = try CatalogCLI.run(["catalog", "import", "Notes.storekit", "--force"], in: directory)
        #expect(force.status == 64)
        #expect(force.stderr.contains("--force only applies with --output."))
        let missingArgument = try CatalogCLI.run(["catalog", "import"], in: directory)
        #expect(missingArgument.status == 64)
    }

    @Test func aMissingFileExits66() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try CatalogCLI.run(["catalog", "import", "Missing.storekit"], in: directory)
        #expect(outcome.status == 66)
        #expect(outcome.stderr == "Missing.storekit: error: no such file\n")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func filesThatAreNotStoreKitConfigurationsExit65() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases = [
            ("broken.storekit", #"{"products": ["#, "broken.storekit: error: not valid JSON: "),
            ("package.json", #"{"name": "app", "version": "1.0.0"}"#,
             "package.json: error: not a StoreKit configuration file: no 'products', 'subscriptionGroups', "
                + "'nonRenewingSubscriptions' or 'settings' at the top level\n"),
            ("typed.storekit", #"{"products": [{"productID": "a", "displayPrice": 0.99}]}"#,
             "typed.storekit: error: products[0].displayPrice: expected a string\n"),
        ]
        for (file, text, message) in cases {
            try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let outcome = try CatalogCLI.run(["catalog", "import", file], in: directory)
            #expect(outcome.status == 65, "\(file)")
            #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }
}
