import Foundation

/// The JSON conventions of signed transaction payloads: dates as integer milliseconds since 1970, as in
/// App Store payloads, and sorted keys so that the same payload always signs the same bytes.
public enum TransactionJSONCoding {
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            guard let milliseconds = date.millisecondsSince1970 else {
                throw EncodingError.invalidValue(
                    date,
                    .init(codingPath: encoder.codingPath, debugDescription: "date is out of range for milliseconds since 1970")
                )
            }
            var container = encoder.singleValueContainer()
            try container.encode(milliseconds)
        }
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            return Date(millisecondsSince1970: try container.decode(Int64.self))
        }
        return decoder
    }
}
