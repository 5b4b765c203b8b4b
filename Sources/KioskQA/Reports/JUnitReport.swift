/// JUnit XML for CI systems: one test case per scenario, failures with the report a person reads.
public enum JUnitReport {
    public static func xml(_ results: [ScenarioResult], suiteName: String = "kiosk-qa") -> String {
        let failures = results.filter { !$0.passed }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)">"#,
            #"  <testsuite name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0">"#,
        ]
        for result in results {
            let open = #"    <testcase classname="\#(escape(result.scenario.file))" name="\#(escape(result.scenario.name))""#
            if let failure = result.failure {
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape("\(failure.step) at line \(failure.line): expected \(failure.expected)"))">\#(escape(failure.report))</failure>"#)
                lines.append("    </testcase>")
            } else {
                lines.append(open + "/>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            default:
                // XML 1.0 cannot carry other control characters at all.
                if scalar.value >= 0x20 { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
