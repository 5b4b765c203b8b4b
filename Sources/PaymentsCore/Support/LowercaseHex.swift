/// Bytes as lowercase hexadecimal, two digits each.
///
/// Why not `String(format: "%02x")`: every customer API request hashes its key, and Foundation's
/// formatter per byte was most of that hash's cost (6 % of a served customer-info read).
enum LowercaseHex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
