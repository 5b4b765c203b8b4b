import PaymentsCore

/// SipHash-2-4 (Aumasson & Bernstein), a keyed 64-bit pseudorandom function.
///
/// Used for card fingerprints: without the key, a fingerprint cannot be matched against the
/// small space of plausible card numbers, yet the same number always gives the same value.
struct SipHash24 {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64

    static func hash(_ bytes: some Collection<UInt8>, key0: UInt64, key1: UInt64) -> UInt64 {
        var state = SipHash24(key0: key0, key1: key1)
        var word: UInt64 = 0
        var wordBytes = 0
        for byte in bytes {
            word |= UInt64(byte) << UInt64(8 * wordBytes)
            wordBytes += 1
            if wordBytes == 8 {
                state.compress(word)
                word = 0
                wordBytes = 0
            }
        }
        state.compress(word | (UInt64(truncatingIfNeeded: bytes.count) << 56))
        return state.finalize()
    }

    private init(key0: UInt64, key1: UInt64) {
        v0 = key0 ^ 0x736f_6d65_7073_6575
        v1 = key1 ^ 0x646f_7261_6e64_6f6d
        v2 = key0 ^ 0x6c79_6765_6e65_7261
        v3 = key1 ^ 0x7465_6462_7974_6573
    }

    private mutating func compress(_ message: UInt64) {
        v3 ^= message
        round()
        round()
        v0 ^= message
    }

    private mutating func finalize() -> UInt64 {
        v2 ^= 0xff
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }

    private mutating func round() {
        v0 &+= v1
        v1 = v1.rotatedLeft(by: 13)
        v1 ^= v0
        v0 = v0.rotatedLeft(by: 32)
        v2 &+= v3
        v3 = v3.rotatedLeft(by: 16)
        v3 ^= v2
        v0 &+= v3
        v3 = v3.rotatedLeft(by: 21)
        v3 ^= v0
        v2 &+= v1
        v1 = v1.rotatedLeft(by: 17)
        v1 ^= v2
        v2 = v2.rotatedLeft(by: 32)
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
