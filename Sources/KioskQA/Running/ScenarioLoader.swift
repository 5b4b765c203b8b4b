import Foundation

import PaymentsCore

/// Finds scenario files (a file, or every `*.yaml` in a folder and its subfolders, except
/// snapshot folders and the demo tour) and parses them all, collecting every file's errors,
/// including the catalog ids a file names that its catalog does not have.
public enum ScenarioLoader {
    public struct Loaded: Sendable {
        public var scenarios: [Scenario]
        public var errors: [ScenarioErrors]
        /// Paths that are neither a file nor a folder.
        public var missing: [String]
    }

    /// `defaultCatalog` is the catalog of scenarios that name none.
    public static func load(_ paths: [String], defaultCatalog: URL) -> Loaded {
        var loaded = Loaded(scenarios: [], errors: [], missing: [])
        var catalogs: [URL: Result<Catalog, CatalogLoadFailure>] = [:]
        for path in paths {
            for file in files(at: path, missing: &loaded.missing) {
                switch ScenarioParser.parse(contentsOf: URL(fileURLWithPath: file), displayName: file) {
                case let .success(scenario):
                    let url = scenario.catalogURL(default: defaultCatalog)
                    let catalog = catalogs[url] ?? CatalogLoader.load(contentsOf: url)
                    catalogs[url] = catalog
                    let problems = checked(scenario, against: catalog)
                    if problems.isEmpty { loaded.scenarios.append(scenario) } else { loaded.errors.append(ScenarioErrors(problems)) }
                case let .failure(errors): loaded.errors.append(errors)
                }
            }
        }
        return loaded
    }

    /// The scenario's problems with its catalog: one that does not load, or ids it does not have.
    public static func checked(_ scenario: Scenario, against catalog: Result<Catalog, CatalogLoadFailure>) -> [CatalogDiagnostic] {
        switch catalog {
        case let .success(catalog):
            return ScenarioCatalogCheck.problems(in: scenario, catalog: catalog)
        case let .failure(failure):
            return [CatalogDiagnostic(file: scenario.file, line: 1, column: 1, message: "its catalog cannot be loaded: \(failure)")]
        }
    }

    static func files(at path: String, missing: inout [String]) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            missing.append(path)
            return []
        }
        guard isDirectory.boolValue else { return [path] }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        let entries = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        return entries
            .filter { $0.hasSuffix(".yaml") && !$0.contains(".snapshots/") && !$0.hasPrefix("demo/") }
            .sorted()
            .map { "\(base)/\($0)" }
    }
}
