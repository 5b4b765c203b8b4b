import Foundation

/// Unpadded base64url (RFC 7515 §2) that accepts only the canonical spelling of each byte string.
///
/// Foundation's decoder tolerates padding and ignores the unused low bits of the final character, so two
/// different strings can decode to the same bytes. For a JWS that would let an edited signature segment
/// still verify; here every byte string has exactly one accepted encoding.
enum Base64URL {
    enum DecodingError: Error, Equatable, CustomStringConvertible {
        case invalidCharacter(offset: Int)
        case invalidLength(Int)
        case nonCanonicalTrailingBits

        var description: String {
            switch self {
            case .invalidCharacter(let offset): "character at offset \(offset) is not in the base64url alphabet"
            case .invalidLength(let length): "length \(length) is not a valid unpadded base64url length"
            case .nonCanonicalTrailingBits: "final character carries non-zero unused bits"
            }
        }
    }

    /// Straight from the alphabet: Foundation's encoding followed by two `replacingOccurrences`
    /// was 4% of a served purchase's profile (every answer carries a freshly signed JWS).
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let input = Array(bytes)
        let length = input.count / 3 * 4 + [0, 2, 3][input.count % 3]
        return String(unsafeUninitializedCapacity: length) { output in
            var written = 0
            func put(_ sextets: UInt32, count: Int) {
                for shift in stride(from: 18, to: 18 - 6 * count, by: -6) {
                    output[written] = alphabet[Int(sextets >> UInt32(shift) & 0x3F)]
                    written += 1
                }
            }
            var index = 0
            while index + 3 <= input.count {
                put(UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2]), count: 4)
                index += 3
            }
            switch input.count - index {
            case 1: put(UInt32(input[index]) << 16, count: 2)
            case 2: put(UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8, count: 3)
            default: break
            }
            return written
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func decode(_ text: some StringProtocol) throws(DecodingError) -> [UInt8] {
        try decode(Array(text.utf8)[...])
    }

    static func decode(_ characters: ArraySlice<UInt8>) throws(DecodingError) -> [UInt8] {
        if characters.count % 4 == 1 { throw .invalidLength(characters.count) }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for (offset, character) in zip(0..., characters) {
            guard let value = sextet(character) else { throw .invalidCharacter(offset: offset) }
            accumulator = (accumulator << 6) | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        if accumulator != 0 { throw .nonCanonicalTrailingBits }
        return output
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
