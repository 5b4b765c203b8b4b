/// Keeps ES256 signatures in their single low-S form.
///
/// For every ECDSA signature `(r, s)` the pair `(r, n − s)` verifies too, so without a rule a token has two
/// valid signatures and a changed signature segment can still verify. Kiosk signs with `s ≤ n/2` (as
/// Bitcoin's BIP 62 and many JOSE libraries do) and its verifier rejects `s > n/2`. Values are the raw
/// big-endian `r || s` of RFC 7518 §3.4.
enum LowSSignature {
    static let scalarLength = 32

    /// The order n of the P-256 group.
    static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// ⌊n / 2⌋: the largest S a low-S signature may have.
    static let halfOrder: [UInt8] = [
        0x7F, 0xFF, 0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xDE, 0x73, 0x7D, 0x56, 0xD3, 0x8B, 0xCF, 0x42, 0x79, 0xDC, 0xE5, 0x61, 0x7E, 0x31, 0x92, 0xA8,
    ]

    /// Whether a 64-byte `r || s` has `s ≤ n/2`. Anything not 64 bytes is not low-S.
    static func isLowS(_ signature: [UInt8]) -> Bool {
        guard signature.count == 2 * scalarLength else { return false }
        return !isGreater(Array(signature[scalarLength...]), than: halfOrder)
    }

    /// The low-S form of a 64-byte `r || s`: unchanged when `s ≤ n/2`, else `r || (n − s)`.
    static func normalized(_ signature: [UInt8]) -> [UInt8] {
        guard signature.count == 2 * scalarLength, !isLowS(signature) else { return signature }
        return Array(signature[..<scalarLength]) + complement(Array(signature[scalarLength...]))
    }

    /// `n − s` for a 32-byte big-endian `s` in `1 ..< n`: the other S that verifies with the same `r`.
    static func complement(_ s: [UInt8]) -> [UInt8] {
        subtract(s, from: order)
    }

    /// Big-endian comparison of equal-length unsigned integers.
    private static func isGreater(_ lhs: [UInt8], than rhs: [UInt8]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            return left > right
        }
        return false
    }

    /// `minuend − subtrahend` for equal-length big-endian integers with `subtrahend ≤ minuend`.
    private static func subtract(_ subtrahend: [UInt8], from minuend: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: minuend.count)
        var borrow = 0
        for index in stride(from: minuend.count - 1, through: 0, by: -1) {
            var difference = Int(minuend[index]) - Int(subtrahend[index]) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 256 }
            result[index] = UInt8(difference)
        }
        return result
    }
}
