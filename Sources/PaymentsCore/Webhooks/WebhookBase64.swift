/// Standard-alphabet base64 written for the webhook hot path: Foundation's codec allocates
/// `String`/`Data` values per call, while verification only needs bytes it can compare in place.
enum WebhookBase64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
    )

    /// Maps an ASCII byte to its 6-bit value; 0xFF marks bytes outside the alphabet.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, symbol) in alphabet.enumerated() {
            table[Int(symbol)] = UInt8(index)
        }
        return table
    }()

    static let padding = UInt8(ascii: "=")

    /// Encodes `bytes`; the unpadded form is what verification compares, so that padded and
    /// unpadded signatures from different senders both match.
    static func encode(_ bytes: some Collection<UInt8>, padded: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | (second ?? 0) >> 4)])
            if let second {
                output.append(alphabet[Int((second & 0x0F) << 2 | (third ?? 0) >> 6)])
            } else if padded {
                output.append(padding)
            }
            if let third {
                output.append(alphabet[Int(third & 0x3F)])
            } else if padded {
                output.append(padding)
            }
        }
        return output
    }

    /// Decodes padded or unpadded base64, as Standard Webhooks libraries accept both for secrets.
    /// Returns nil for characters outside the alphabet, misplaced padding, or an impossible length.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var symbols = Array(text)
        if symbols.count % 4 == 0 {
            var paddingCount = 0
            while paddingCount < 2, symbols.last == padding {
                symbols.removeLast()
                paddingCount += 1
            }
        }
        guard symbols.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(symbols.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for symbol in symbols {
            let value = sextets[Int(symbol)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
            }
        }
        return output
    }
}
