import Foundation
import GRDB

/// The `invoices.lines` column, written without `JSONEncoder` in the common case.
///
/// Every purchase and renewal writes one invoice, and encoding its one or two lines through
/// `JSONEncoder` was about a sixth of a purchase's engine time in the profile (BENCHMARKS.md).
/// The text written here is byte for byte what GRDB's JSON encoder writes (sorted keys, dates
/// as integral milliseconds, slashes escaped), so rows read back the same whichever path wrote
/// them. Anything outside the plain case (a description needing escapes, a date with a fraction
/// of a millisecond) goes through the encoder.
enum InvoiceLinesJSON {
    static func encode(_ lines: [InvoiceLine]) throws -> String {
        var text = "["
        for (index, line) in lines.enumerated() {
            guard let object = plainObject(line) else { return try encoded(lines) }
            if index > 0 { text += "," }
            text += object
        }
        return text + "]"
    }

    /// What GRDB's own encoder writes for the column.
    static func encoded(_ lines: [InvoiceLine]) throws -> String {
        String(decoding: try StoreJSONColumn.encoder.encode(lines), as: UTF8.self)
    }

    private static func plainObject(_ line: InvoiceLine) -> String? {
        guard isPlain(line.description) else { return nil }
        var object = "{\"amount\":{\"currency\":\"\(line.amount.currency.code)\",\"minorUnits\":\(line.amount.minorUnits)},"
        object += "\"description\":\"\(line.description)\",\"kind\":\"\(line.kind.rawValue)\""
        for (key, date) in [("periodEnd", line.periodEnd), ("periodStart", line.periodStart)] {
            guard let date else { continue }
            guard let milliseconds = integralMilliseconds(date) else { return nil }
            object += ",\"\(key)\":\(milliseconds)"
        }
        return object + "}"
    }

    /// Text JSON can carry between quotes as it is: no quote, backslash, slash or control character.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
    }

    private static func integralMilliseconds(_ date: Date) -> Int64? {
        let milliseconds = date.timeIntervalSince1970 * 1000
        guard milliseconds == milliseconds.rounded(), abs(milliseconds) < 9e15 else { return nil }
        return Int64(milliseconds)
    }
}
