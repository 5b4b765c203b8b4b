import Foundation

/// Enum columns for records decoded by hand (faster than GRDB's Codable path, which builds a
/// decoding container and converts every key): stored as their raw values, exactly as the Codable
/// path wrote them (dates, as milliseconds, need nothing more than `get`). A value no enum case
/// matches is a storage error naming the table and column, never a trap.
extension StoreRow {
    func storedValue<Value: RawRepresentable>(_ type: Value.Type, table: String, column: String) throws -> Value
    where Value.RawValue == String {
        let text: String = try get(column)
        guard let value = Value(rawValue: text) else {
            throw PaymentsError.storage("\(table).\(column) holds \"\(text)\", which is not a \(Value.self).")
        }
        return value
    }

    func storedValueIfPresent<Value: RawRepresentable>(_ type: Value.Type, table: String, column: String) throws -> Value?
    where Value.RawValue == String {
        guard try get(column) as String? != nil else { return nil }
        return try storedValue(type, table: table, column: column)
    }
}
