import Foundation
import GRDB

/// Column readers for records decoded by hand (faster than GRDB's Codable path, which builds a
/// decoding container and converts every key): dates are stored as milliseconds and enums as
/// their raw values, exactly as the Codable path wrote them. A value no enum case matches is a
/// storage error naming the table and column, never a trap.
extension Row {
    func storedDate(_ column: String) throws -> Date {
        Date(milliseconds: try decode(forColumn: column))
    }

    func storedDateIfPresent(_ column: String) throws -> Date? {
        try decode(Int64?.self, forColumn: column).map(Date.init(milliseconds:))
    }

    func storedValue<Value: RawRepresentable>(_ type: Value.Type, table: String, column: String) throws -> Value
    where Value.RawValue == String {
        let text: String = try decode(forColumn: column)
        guard let value = Value(rawValue: text) else {
            throw PaymentsError.storage("\(table).\(column) holds \"\(text)\", which is not a \(Value.self).")
        }
        return value
    }

    func storedValueIfPresent<Value: RawRepresentable>(_ type: Value.Type, table: String, column: String) throws -> Value?
    where Value.RawValue == String {
        guard try decode(String?.self, forColumn: column) != nil else { return nil }
        return try storedValue(type, table: table, column: column)
    }
}
