import Foundation
import GRDB

/// How every Kiosk table row maps to Swift: snake_case columns, dates as integer milliseconds
/// (exact, sortable and index-friendly, unlike GRDB's default text dates).
protocol StoreRecord: Codable, FetchableRecord, PersistableRecord {}

extension StoreRecord {
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy {
        .custom { StoreColumnNames.column(forKey: $0.stringValue) }
    }
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .custom { StoreColumnKey(column: $0) } }
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .millisecondsSince1970 }
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy { .millisecondsSince1970 }
}

extension Date {
    /// Milliseconds since 1970, the unit every time column uses. Checked: an instant too far out
    /// to count in an `Int64` (only reachable through a bad input) is an error, not a trap.
    public var milliseconds: Int64 {
        get throws(DateArithmeticError) {
            guard let value = Int64(exactly: (timeIntervalSince1970 * 1000).rounded(.down)) else {
                throw .outOfRange("\(timeIntervalSince1970) seconds since 1970")
            }
            return value
        }
    }

    public init(milliseconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000) }

    /// Whole seconds: calendar arithmetic and storage then round-trip exactly.
    public var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}

/// Maps `account_id` back to `accountID`: Swift spells the "ID" suffix in capitals, which the
/// stock snake-case conversion cannot restore.
struct StoreColumnKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    init(column: String) {
        stringValue = StoreColumnNames.key(forColumn: column)
    }
}
