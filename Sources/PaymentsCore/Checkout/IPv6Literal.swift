/// Syntax check for the inside of a bracketed IPv6 host (RFC 4291 text form, no zone id).
///
/// Only validity is decided here; equality stays textual (case-insensitive), so `[::1]` and
/// `[0:0:0:0:0:0:0:1]` are different endpoints, just like the alternative IPv4 spellings.
enum IPv6Literal {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        let end = range.upperBound
        var pieces = 0
        var compressed = false
        if index + 1 < end, bytes[index] == UInt8(ascii: ":") {
            guard bytes[index + 1] == UInt8(ascii: ":") else { return false }
            compressed = true
            index += 2
            if index == end { return true }
        }
        while index < end {
            let groupStart = index
            var digits = 0
            while index < end, digits < 5, PercentEncoding.hexValue(bytes[index]) != nil {
                index += 1
                digits += 1
            }
            if index < end, bytes[index] == UInt8(ascii: ".") {
                guard URLHost.isCanonicalIPv4(bytes, groupStart..<end) else { return false }
                pieces += 2
                index = end
                break
            }
            guard digits >= 1, digits <= 4 else { return false }
            pieces += 1
            if index == end { break }
            guard bytes[index] == UInt8(ascii: ":"), index + 1 < end else { return false }
            index += 1
            if bytes[index] == UInt8(ascii: ":") {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == end { break }
            }
        }
        return compressed ? pieces <= 7 : pieces == 8
    }
}
