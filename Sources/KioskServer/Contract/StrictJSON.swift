import Foundation

/// A JSON value as the request sent it. Foundation's decoders keep one of two equal keys without
/// a word (`{"product_id":"a","product_id":"b"}` bought `a`); this reader refuses them, naming
/// the key, so a body means one thing to every reader.
indirect enum StrictJSON: Equatable, Sendable {
    case object([(key: String, value: StrictJSON)])
    case array([StrictJSON])
    case string(String)
    /// The number as written, so an integer is told from a fraction without rounding.
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: StrictJSON, rhs: StrictJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return Double(a) == Double(b)
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// Why a body could not be read: `key` names a key sent twice (with the path of its object).
    struct Refusal: Error, Equatable {
        var message: String
        var field: String?
    }

    /// Nesting deeper than any body of the contract is refused rather than followed.
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8]) throws(Refusal) -> StrictJSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(path: "", depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.refusal("unexpected text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func refusal(_ what: String) -> Refusal {
            Refusal(message: "the body is not valid JSON: \(what) at byte \(index)", field: nil)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(path: String, depth: Int) throws(Refusal) -> StrictJSON {
            guard depth < StrictJSON.maximumDepth else { throw refusal("nesting deeper than \(StrictJSON.maximumDepth)") }
            guard index < bytes.count else { throw refusal("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(path: path, depth: depth)
            case UInt8(ascii: "["): return try array(path: path, depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        mutating func object(path: String, depth: Int) throws(Refusal) -> StrictJSON {
            index += 1
            var members: [(key: String, value: StrictJSON)] = []
            var seen = Set<String>()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw refusal("expected a key") }
                let key = try string()
                let keyPath = path.isEmpty ? key : "\(path).\(key)"
                guard seen.insert(key).inserted else {
                    throw Refusal(message: "the key `\(Problem.shortPrefix(keyPath))` appears more than once",
                                  field: Problem.shortPrefix(keyPath))
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw refusal("expected `:`") }
                index += 1
                skipSpace()
                members.append((key, try value(path: keyPath, depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw refusal("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { throw refusal("expected `,` or `}`") }
                index += 1
                return .object(members)
            }
        }

        mutating func array(path: String, depth: Int) throws(Refusal) -> StrictJSON {
            index += 1
            var items: [StrictJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(path: "\(path).\(items.count)", depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw refusal("unexpected end") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { throw refusal("expected `,` or `]`") }
                index += 1
                return .array(items)
            }
        }

        mutating func literal(_ word: String) throws(Refusal) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw refusal("unexpected character")
            }
            index += expected.count
        }

        mutating func number() throws(Refusal) -> StrictJSON {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let shape = #/-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/#
            guard !text.isEmpty, (try? shape.wholeMatch(in: text)) != nil else {
                index = start
                throw refusal("unexpected character")
            }
            return .number(text)
        }

        /// A string literal, its escapes resolved (a lone surrogate is refused, as it is no text).
        mutating func string() throws(Refusal) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ reader: Reader, upTo end: Int) throws(Refusal) {
                guard let text = String(validating: reader.bytes[run..<end], as: UTF8.self) else {
                    throw reader.refusal("a string is not UTF-8")
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flush(self, upTo: index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw refusal("a control character in a string") }
                if byte == UInt8(ascii: "\\") {
                    try flush(self, upTo: index)
                    index += 1
                    guard index < bytes.count else { break }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                  bytes[index + 1] == UInt8(ascii: "u") else { throw refusal("a lone surrogate") }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw refusal("a lone surrogate") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw refusal("a lone surrogate") }
                        scalars.append(scalar)
                    default:
                        throw refusal("an unknown escape")
                    }
                    run = index
                    continue
                }
                index += 1
            }
            throw refusal("an unterminated string")
        }

        mutating func hex4() throws(Refusal) -> UInt32 {
            guard index + 4 <= bytes.count,
                  let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw refusal("a bad \\u escape")
            }
            index += 4
            return code
        }
    }
}
