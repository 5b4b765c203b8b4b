/// Percent-encoding helpers over raw UTF-8 bytes.
///
/// The splitter has already verified that every `%` is followed by two hex digits, so decoding
/// here cannot fail; it is used only where RFC 3986 equivalence is wanted (query parameter names
/// and registered values), never for paths.
enum PercentEncoding {
    static let percent = UInt8(ascii: "%")

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Whether the percent-decoded bytes of `range` equal `target` (already decoded).
    static func decodedEquals(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        _ target: [UInt8]
    ) -> Bool {
        var index = range.lowerBound
        var targetIndex = 0
        while index < range.upperBound {
            guard targetIndex < target.count else { return false }
            let decoded: UInt8
            (decoded, index) = decodeOne(bytes, at: index, end: range.upperBound)
            if decoded != target[targetIndex] { return false }
            targetIndex += 1
        }
        return targetIndex == target.count
    }

    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let decoded: UInt8
            (decoded, index) = decodeOne(bytes, at: index, end: range.upperBound)
            result.append(decoded)
        }
        return result
    }

    private static func decodeOne(
        _ bytes: UnsafeBufferPointer<UInt8>,
        at index: Int,
        end: Int
    ) -> (UInt8, Int) {
        if bytes[index] == percent, index + 2 < end,
           let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
            return (high << 4 | low, index + 3)
        }
        return (bytes[index], index + 1)
    }
}
