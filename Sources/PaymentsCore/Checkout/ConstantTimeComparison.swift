/// Compares secrets without an early exit, so response timing does not reveal how many leading
/// bytes of a guessed state were right.
enum ConstantTimeComparison {
    static func equals(
        _ candidate: UnsafeBufferPointer<UInt8>,
        _ candidateRange: Range<Int>,
        _ secret: [UInt8]
    ) -> Bool {
        var difference = UInt(bitPattern: candidateRange.count ^ secret.count)
        let length = min(candidateRange.count, secret.count)
        var offset = 0
        while offset < length {
            difference |= UInt(candidate[candidateRange.lowerBound + offset] ^ secret[offset])
            offset += 1
        }
        return difference == 0
    }
}
