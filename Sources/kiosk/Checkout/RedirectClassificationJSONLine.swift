import PaymentsCore

/// Renders a classification as one JSON line.
///
/// Written by hand rather than with `JSONEncoder` because the key order is part of the CLI's
/// contract (`url`, `outcome`, `reason`, `payment_id`, `subscription_id`) and scripts may match
/// lines textually.
enum RedirectClassificationJSONLine {
    static func render(url: String, _ classification: RedirectClassification) -> String {
        var line = "{\"url\":"
        appendString(url, to: &line)
        line += ",\"outcome\":"
        appendString(classification.outcome.rawValue, to: &line)
        line += ",\"reason\":"
        appendString(classification.reason.rawValue, to: &line)
        line += ",\"payment_id\":"
        appendOptional(classification.paymentID, to: &line)
        line += ",\"subscription_id\":"
        appendOptional(classification.subscriptionID, to: &line)
        line += "}"
        return line
    }

    private static func appendOptional(_ value: String?, to line: inout String) {
        if let value {
            appendString(value, to: &line)
        } else {
            line += "null"
        }
    }

    private static func appendString(_ value: String, to line: inout String) {
        line += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                line.unicodeScalars.append(scalar)
            }
        }
        line += "\""
    }
}
