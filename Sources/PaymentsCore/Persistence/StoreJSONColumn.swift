import Foundation

/// A structured column (JSON text) of a record that reads and writes its row by hand, in the
/// form GRDB's Codable records wrote it (sorted keys, dates in milliseconds, data in base64), so
/// rows written by either read back the same.
enum StoreJSONColumn {
    /// The value in `column`. `common` is the exact text written for the value nearly every row
    /// holds (e.g. a card that always succeeds): that text is recognised without building a
    /// `JSONDecoder`.
    static func decode<Value: Decodable>(_ type: Value.Type, from row: some StoreRow, column: String,
                                         common: (text: String, value: Value)) throws -> Value {
        let text: String = try row.get(column)
        if text == common.text { return common.value }
        return try decoder.decode(Value.self, from: Data(text.utf8))
    }

    static func encode<Value: Encodable>(_ value: Value, column: String) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .base64
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .throw
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .base64
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .throw
        return decoder
    }
}
