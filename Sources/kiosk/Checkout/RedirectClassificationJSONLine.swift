import PaymentsCore

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
