import Foundation

/// `--transcript DIR`: one text file per scenario with every step and the screen after it.
public enum TranscriptWriter {
    public static func text(_ result: ScenarioResult) -> String {
        var lines = ["# \(result.scenario.name) (\(result.scenario.file)): \(result.passed ? "PASS" : "FAIL")"]
        for entry in result.transcript {
            lines.append("")
            lines.append("## line \(entry.line): \(entry.step) \(entry.detail)")
            lines.append(SnapshotStore.normalized(entry.screen))
        }
        if let failure = result.failure { lines += ["", failure.report] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// File name from the scenario's: `checkout-decline.txt`; distinct results never share one.
    public static func write(_ results: [ScenarioResult], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (result, name) in zip(results, fileNames(results)) {
            try Data(text(result).utf8).write(to: directory.appendingPathComponent(name + ".txt"))
        }
    }

    /// One name per result, from its scenario file's (`checkout-decline`), a counter added where two
    /// would be the same.
    static func fileNames(_ results: [ScenarioResult]) -> [String] {
        var used: Set<String> = []
        return results.map { result in
            let base = URL(fileURLWithPath: result.scenario.file).deletingPathExtension().lastPathComponent
            var name = base
            var counter = 2
            while used.contains(name) {
                name = "\(base)-\(counter)"
                counter += 1
            }
            used.insert(name)
            return name
        }
    }
}
