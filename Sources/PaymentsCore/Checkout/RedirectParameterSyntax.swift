/// Allowed shapes of the parameter values the detector reads.
///
/// Values are checked raw, before any percent-decoding: every allowed character is unreserved,
/// so a genuine provider never encodes them, and refusing `%` rules out double-encoding tricks.
enum RedirectParameterSyntax {
    static let maxIdentifierLength = 128
    static let maxStatusLength = 64
    static let maxStateLength = 256

    /// Payment, subscription and checkout-session ids: `[A-Za-z0-9_-]{1,128}`.
    static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        matches(bytes, range, maxLength: maxIdentifierLength) { isWordByte($0) || $0 == UInt8(ascii: "-") }
    }

    /// Status words such as `requires_customer_action`: `[A-Za-z0-9_]{1,64}`.
    static func isStatus(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        matches(bytes, range, maxLength: maxStatusLength, isWordByte)
    }

    /// Session state: RFC 3986 unreserved characters, `[A-Za-z0-9._~-]{1,256}`.
    static func isState(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        matches(bytes, range, maxLength: maxStateLength) {
            isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "~")
        }
    }

    static func isState(_ value: [UInt8]) -> Bool {
        value.withUnsafeBufferPointer { isState($0, 0..<$0.count) }
    }

    private static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        maxLength: Int,
        _ isAllowed: (UInt8) -> Bool
    ) -> Bool {
        guard !range.isEmpty, range.count <= maxLength else { return false }
        var index = range.lowerBound
        while index < range.upperBound {
            if !isAllowed(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
