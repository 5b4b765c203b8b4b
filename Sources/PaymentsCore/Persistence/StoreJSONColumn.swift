import Foundation
import GRDB

/// A column that GRDB's Codable records store as JSON text, for records that read and write
/// their rows by hand.
enum StoreJSONColumn {
    /// The value in `column`. `common` is the exact text GRDB writes for the value nearly every
    /// row holds (e.g. a card that always succeeds): that text is recognised without building a
    /// `JSONDecoder`; any other text is decoded the way GRDB's Codable record decoding does.
    static func decode<Value: Decodable>(_ type: Value.Type, from row: some StoreRow, column: String,
                                         common: (text: String, value: Value)) throws -> Value {
        let text: String = try row.get(column)
        if text == common.text { return common.value }
        return try AccountRecord.databaseJSONDecoder(for: column).decode(Value.self, from: Data(text.utf8))
    }

    /// The text GRDB's Codable records write for `value` in `column`, so either path reads it back.
    static func encode<Value: Encodable>(_ value: Value, column: String) throws -> String {
        String(decoding: try AccountRecord.databaseJSONEncoder(for: column).encode(value), as: UTF8.self)
    }
}
