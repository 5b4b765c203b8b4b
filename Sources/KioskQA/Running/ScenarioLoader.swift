import Foundation

/// Finds scenario files (a file, or every `*.yaml` in a folder and its subfolders, except
/// snapshot folders and the demo tour) and parses them all, collecting every file's errors.
public enum ScenarioLoader {
    public struct Loaded: Sendable {
        public var scenarios: [Scenario]
        public var errors: [ScenarioErrors]
        /// Paths that are neither a file nor a folder.
        public var missing: [String]
    }

    public static func load(_ paths: [String]) -> Loaded {
        var loaded = Loaded(scenarios: [], errors: [], missing: [])
        for path in paths {
            for file in files(at: path, missing: &loaded.missing) {
                switch ScenarioParser.parse(contentsOf: URL(fileURLWithPath: file), displayName: file) {
                case let .success(scenario): loaded.scenarios.append(scenario)
                case let .failure(errors): loaded.errors.append(errors)
                }
            }
        }
        return loaded
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
