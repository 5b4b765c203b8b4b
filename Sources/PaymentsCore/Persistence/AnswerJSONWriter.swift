import Foundation

/// JSON text built by hand for an answer `JSONDecoder` reads back (see `PurchaseAnswerJSON`).
///
/// Why not the encoder: the answer of every keyed purchase is written inside its write
/// transaction, and `JSONEncoder` took 10.3 % of the keyed purchase benchmark's samples against
/// 14.9 % for the purchase itself (issue 18).
/// The writer accepts only what it can write so that the decoder's value is exactly the one given;
/// anything else marks the text as needing the encoder (`text` is then nil) and the caller falls
/// back to it:
/// - strings: a quote or a backslash is escaped, a slash is written as is (JSON allows both forms
///   and the decoder reads the same string); a control character needs the encoder;
/// - dates: as the encoder's default strategy (`deferredToDate`) writes them, seconds since 2001
///   as a `Double`, in its shortest text that reads back as the same `Double`; a date that is not
///   finite or whose text would not read back identically needs the encoder.
struct AnswerJSONWriter {
    private var bytes: [UInt8] = []
    /// False before an object's first member, so members are separated by commas.
    private var hasMembers = false
    private var isExact = true

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written, or nil when a value needs the encoder.
    var text: String? {
        isExact ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Marks the text as needing the encoder: a value this writer does not write exactly.
    mutating func needsEncoder() {
        isExact = false
    }

    /// An object, the whole text when `key` is nil, else a member of the object being written.
    mutating func object(_ key: String? = nil, _ members: (inout AnswerJSONWriter) -> Void) {
        if let key { member(key) }
        braces(members)
    }

    /// An array of objects, each written by `members`.
    mutating func array<Element>(_ key: String, _ elements: [Element],
                                 _ members: (inout AnswerJSONWriter, Element) -> Void) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            braces { members(&$0, element) }
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A string member; nil is omitted, as the synthesized `encodeIfPresent` omits it.
    mutating func string(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key)
        quoted(value)
    }

    mutating func strings(_ key: String, _ values: [String]) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            quoted(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func integer(_ key: String, _ value: Int64) {
        member(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ key: String, _ value: Bool) {
        member(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A date as `JSONEncoder`'s `deferredToDate` strategy writes it; nil is omitted.
    mutating func date(_ key: String, _ value: Date?) {
        guard let value else { return }
        let seconds = value.timeIntervalSinceReferenceDate
        // `description` is the shortest text that reads back as the same `Double` (exponent
        // notation, if any, is valid JSON); the check keeps that a fact here, not a belief.
        let number = seconds.description
        guard seconds.isFinite, Double(number) == seconds else {
            needsEncoder()
            return
        }
        member(key)
        bytes.append(contentsOf: number.utf8)
    }

    mutating func money(_ key: String, _ value: Money) {
        object(key) {
            $0.integer("minorUnits", value.minorUnits)
            $0.string("currency", value.currency.code)
        }
    }

    private mutating func braces(_ members: (inout AnswerJSONWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        hasMembers = false
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        hasMembers = true
    }

    private mutating func member(_ key: String) {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    private mutating func quoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case ..<0x20:
                needsEncoder()
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
