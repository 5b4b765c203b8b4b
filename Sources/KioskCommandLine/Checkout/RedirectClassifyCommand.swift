import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk redirect classify`: classifies URLs against a session's return and cancel URLs, one
/// JSON object per line, so scripts and support staff can check what the app would conclude.
struct RedirectClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Classify hosted-checkout redirect URLs.",
        discussion: """
            Prints one JSON object per URL, in input order, with the keys url, outcome, reason, \
            payment_id and subscription_id. URLs come from the arguments, or one per line from \
            standard input when no argument is given (blank lines are skipped). The outcome is a \
            hint only: payments are confirmed server-side.
            """
    )

    @Option(name: .customLong("return-url"), help: "The session's registered return (success) URL.")
    var returnURL: String

    @Option(name: .customLong("cancel-url"), help: "The session's registered cancel URL.")
    var cancelURL: String?

    @Option(help: "The session's state value, required on every redirect when given.")
    var state: String?

    @Argument(help: "URLs to classify; read from standard input when omitted.")
    var urls: [String] = []

    /// Configuration problems are usage errors (exit 64), reported with this command's usage.
    func validate() throws {
        _ = try makeDetector()
    }

    func run() throws {
        let detector = try makeDetector()
        if urls.isEmpty {
            while let line = readLine() {
                guard !line.isEmpty else { continue }
                emit(line, detector)
            }
        } else {
            for url in urls {
                emit(url, detector)
            }
        }
    }

    /// Writes each line straight to the file descriptor so a process feeding URLs through a pipe
    /// gets every answer as soon as its URL is read, not when the buffer fills.
    private func emit(_ url: String, _ detector: RedirectDetector) {
        let line = RedirectClassificationJSONLine.render(url: url, detector.classify(url)) + "\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    private func makeDetector() throws -> RedirectDetector {
        do {
            return try RedirectDetector(returnURL: returnURL, cancelURL: cancelURL, state: state)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// Renders a classification as one JSON line.
///
/// Written by hand rather than with `JSONEncoder` because the key order is part of the CLI's
/// contract (`url`, `outcome`, `reason`, `payment_id`, `subscription_id`) and scripts may match
/// lines textually.
enum RedirectClassificationJSONLine {
    static func render(url: String, _ classification: RedirectClassification) -> String {
        let fields: [(String, String?)] = [
            ("url", url), ("outcome", classification.outcome.rawValue), ("reason", classification.reason.rawValue),
            ("payment_id", classification.paymentID), ("subscription_id", classification.subscriptionID),
        ]
        return "{" + fields.map { "\"\($0.0)\":" + ($0.1.map(QuotedString.of) ?? "null") }.joined(separator: ",") + "}"
    }
}
