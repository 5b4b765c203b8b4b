import Foundation
import KioskQA
import KioskResources
import PaymentsCore
import Testing

/// Shared set-up: the built-in catalog, a scratch folder per test, and runner options.
enum QAFixtures {
    static func catalogURL() throws -> URL {
        try #require(KioskResources.defaultCatalogURL)
    }

    static func catalog() throws -> Catalog {
        try CatalogLoader.load(contentsOf: catalogURL()).get()
    }

    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-qa-test-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func options(updateSnapshots: Bool = false) throws -> ScenarioOptions {
        ScenarioOptions(defaultCatalog: try catalogURL(), updateSnapshots: updateSnapshots, width: 2)
    }

    /// Parses a scenario written in a test, failing the test with the diagnostics if invalid.
    static func scenario(_ yaml: String, file: String = "test.yaml") throws -> Scenario {
        switch ScenarioParser.parse(yaml: yaml, file: file) {
        case let .success(scenario): return scenario
        case let .failure(errors):
            Issue.record("invalid scenario: \(errors)")
            throw errors
        }
    }
}
