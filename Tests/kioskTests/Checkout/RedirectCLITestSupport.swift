import Foundation

/// Runs the `kiosk` executable that `swift test` built next to the test bundle.
enum RedirectCLI {
    typealias Result = KioskProcess.Outcome

    static func run(_ arguments: [String], stdin: String = "") throws -> Result {
        try KioskProcess.run(arguments, standardInput: Data(stdin.utf8))
    }
}

extension KioskProcess.Outcome {
    /// Non-empty stdout lines.
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}
