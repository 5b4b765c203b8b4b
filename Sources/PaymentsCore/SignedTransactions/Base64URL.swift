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

    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let data = Data(bytes)
        var encoded = data.base64EncodedString()
        encoded = encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while encoded.last == "=" { encoded.removeLast() }
        return encoded
    }

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
