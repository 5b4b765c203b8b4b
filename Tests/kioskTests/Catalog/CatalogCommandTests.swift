import Foundation
import PaymentsCore
import Testing

@Suite struct CatalogCommandTests {
    private static let summary = "Kiosk Demo Store, 3 plans, 4 subscription products, 5 one-time products, "
        + "9 features, 2 offer codes, currencies USD EUR GBP JPY"

    @Test func binarySitsNextToTheTestBundle() {
        #expect(FileManager.default.isExecutableFile(atPath: CatalogCLI.binaryURL.path), "\(CatalogCLI.binaryURL.path)")
    }

    @Test func validateAcceptsTheDefaultCatalogWithASummary() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: CatalogCLI.defaultCatalogURL,
                                         to: directory.appendingPathComponent("catalog.yaml"))
        let outcome = try CatalogCLI.run(["catalog", "validate", "catalog.yaml"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "catalog.yaml: OK: \(Self.summary)\n")
        #expect(outcome.stderr.isEmpty)
    }

    @Test func validateReportsEveryProblemCompilerStyleAndExits65() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = """
            catalog: 1
            name: Broken
            currency: USD
            products:
              - {id: coins, type: consumable, name: Coins, price: 9.99, points: 100}
              - {id: coins, type: non-consumable, name: Again, price: 100}

            """
        try broken.write(to: directory.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let outcome = try CatalogCLI.run(["catalog", "validate", "broken.yaml"], in: directory)
        #expect(outcome.status == 65)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n") == [
            "broken.yaml:5:55: error: 'price' in product 'coins' must be an integer, found 9.99: prices are integer "
                + "minor units (999 means 9.99 in a currency with cents, 1500 means ¥1,500)",
            "broken.yaml:6:5: error: non-consumable product 'coins' needs an 'entitlement' (what the purchase unlocks)",
            "broken.yaml:6:10: error: duplicate product id 'coins' (first at line 5, column 10)",
        ])
    }

    @Test func validateSyntaxErrorAndMissingFile() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "catalog: 1\nname: [Broken\n".write(to: directory.appendingPathComponent("syntax.yaml"),
                                               atomically: true, encoding: .utf8)
        let syntax = try CatalogCLI.run(["catalog", "validate", "syntax.yaml"], in: directory)
        #expect(syntax.status == 65)
        #expect(syntax.stderr.hasPrefix("syntax.yaml:3:1: error: invalid YAML: "), "\(syntax.stderr)")

        let missing = try CatalogCLI.run(["catalog", "validate", "missing.yaml"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.stderr == "missing.yaml: error: no such catalog file\n")
    }

    @Test func showPrintsTheEmbeddedDefaultAsAnOverview() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try CatalogCLI.run(["catalog", "show"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.components(separatedBy: "\n")
        #expect(lines.first == "Kiosk Demo Store")
        #expect(lines.contains { $0.hasSuffix("(embedded default)") })
        #expect(lines.contains(
            "       pro.yearly          $99.99/year ($8.33/month, save 17%) [€99.99, £89.99, ¥15,000]"))
        #expect(lines.contains(
            "       pro.monthly         $9.99/month [€9.99, £8.99, ¥1,500]; intro: 1 week free trial"))
        #expect(lines.contains { $0.contains("enterprise.yearly") && $0.contains("intro: $49.99 up front for 3 months") })
        #expect(lines.contains("Features              Free      Pro        Enterprise"))
        #expect(lines.contains("  Refresh interval    24 hours  1 hour     5 minutes"))
        #expect(lines.contains("  points.500       Starter points  $4.99   consumable, 500 points [€4.99, £4.49, ¥750]"))
        #expect(lines.contains(
            "  WELCOME20  20% off pro.monthly, pro.yearly for 3 periods  expires 2030-12-31T23:59:59Z"))
    }

    @Test func showJSONLoadsBackAsTheSameCatalog() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try CatalogCLI.run(["catalog", "show", "--json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let reloaded = try CatalogLoader.load(yaml: outcome.stdout, file: "show.json").get()
        let original = try CatalogLoader.load(contentsOf: CatalogCLI.defaultCatalogURL).get()
        #expect(reloaded == original)

        try outcome.stdout.write(to: directory.appendingPathComponent("show.json"), atomically: true, encoding: .utf8)
        let validate = try CatalogCLI.run(["catalog", "validate", "show.json"], in: directory)
        #expect(validate.status == 0)
        #expect(validate.stdout == "show.json: OK: \(Self.summary)\n")
    }

    @Test func showUsesTheDataDirectoryCatalogAndNeverFallsBackWhenItIsBroken() throws {
        let directory = try CatalogCLI.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataDirectory = directory.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let catalogURL = dataDirectory.appendingPathComponent("catalog.yaml")
        let custom = """
            catalog: 1
            name: Corner Shop
            currency: EUR
            products:
              - {id: coffee, type: consumable, name: Coffee, price: 250, points: 1}

            """
        try custom.write(to: catalogURL, atomically: true, encoding: .utf8)
        let shown = try CatalogCLI.run(["catalog", "show", "--data-dir", dataDirectory.path], in: directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("Corner Shop\n  from \(catalogURL.path) (data directory)\n"))
        #expect(shown.stdout.contains("  coffee  Coffee  €2.50  consumable, 1 point"))

        try custom.replacingOccurrences(of: "price: 250", with: "price: -250")
            .write(to: catalogURL, atomically: true, encoding: .utf8)
        let broken = try CatalogCLI.run(["catalog", "show", "--data-dir", dataDirectory.path], in: directory)
        #expect(broken.status == 65)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr == "\(catalogURL.path):5:57: error: 'price' in product 'coffee' must not be negative, found -250\n")

        let explicit = try CatalogCLI.run(["catalog", "show", "--json", "--catalog", CatalogCLI.defaultCatalogURL.path,
                                           "--data-dir", dataDirectory.path], in: directory)
        #expect(explicit.status == 0)
        #expect(try CatalogLoader.load(yaml: explicit.stdout, file: "x").get().name == "Kiosk Demo Store")
    }
}
