/// The closing lines of a run: each failure in full, then `N passed, N failed` alone on a line.
public enum ScenarioSummary {
    public static func text(_ results: [ScenarioResult]) -> String {
        let failed = results.filter { !$0.passed }
        var lines: [String] = []
        for result in failed {
            guard let failure = result.failure else { continue }
            lines += ["", "FAIL \(result.scenario.name)", failure.report]
        }
        lines += ["", "\(results.count - failed.count) passed, \(failed.count) failed"]
        return lines.joined(separator: "\n") + "\n"
    }
}
