import PaymentsCore

/// Deterministic mutations of a seed input, in the spirit of libFuzzer's: bit flips, byte
/// changes, insertions and deletions, repeated chunks, splices with other seeds, dictionary
/// tokens and boundary numbers. Seeded, so a failing input is reproduced by running again.
struct FuzzMutator {
    private var random: SeededGenerator
    private let dictionary: [[UInt8]]
    private let maximumLength: Int

    /// Numbers at the edges of every integer type and of the limits Kiosk enforces.
    static let boundaryNumbers = ["0", "-1", "1", "999999999", "1000000000", "2147483648", "4294967296",
                                  "9223372036854775807", "9223372036854775808", "18446744073709551616",
                                  "99999999999999999999999", "1e308", "-0", "0x7fffffff", "36501", "1001"]

    init(seed: UInt64, dictionary: [String], maximumLength: Int = 1 << 16) {
        random = SeededGenerator(seed: seed)
        self.dictionary = (dictionary + Self.boundaryNumbers).map { Array($0.utf8) }
        self.maximumLength = maximumLength
    }

    /// One to four mutations of `input`; `others` are the other seeds, for splicing.
    mutating func mutate(_ input: [UInt8], others: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            mutateOnce(&bytes, others: others)
        }
        return Array(bytes.prefix(maximumLength))
    }

    private mutating func mutateOnce(_ bytes: inout [UInt8], others: [[UInt8]]) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where !bytes.isEmpty:
            bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1 where !bytes.isEmpty:
            bytes[position] = UInt8.random(in: 0...255, using: &random)
        case 2:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        case 3 where !bytes.isEmpty:
            let length = Int.random(in: 1...min(16, bytes.count - position), using: &random)
            bytes.removeSubrange(position..<(position + length))
        case 4 where !bytes.isEmpty:
            let length = Int.random(in: 1...min(64, bytes.count - position), using: &random)
            let chunk = bytes[position..<(position + length)]
            bytes.insert(contentsOf: Array(repeating: chunk, count: Int.random(in: 1...8, using: &random)).joined(),
                         at: position)
        case 5 where !others.isEmpty:
            let other = others[Int.random(in: 0..<others.count, using: &random)]
            guard !other.isEmpty else { return }
            let start = Int.random(in: 0..<other.count, using: &random)
            bytes.insert(contentsOf: other[start..<min(other.count, start + 256)], at: position)
        case 6:
            replaceNumber(in: &bytes, near: position)
        case 7 where !bytes.isEmpty:
            bytes.removeSubrange(position...)
        default:
            let token = dictionary[Int.random(in: 0..<dictionary.count, using: &random)]
            bytes.insert(contentsOf: token, at: position)
        }
    }

    /// Replaces the run of digits at or after `position` with a boundary number, where most
    /// overflows hide.
    private mutating func replaceNumber(in bytes: inout [UInt8], near position: Int) {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let start = bytes[position...].firstIndex(where: isDigit) ?? bytes.firstIndex(where: isDigit) else {
            return
        }
        let end = bytes[start...].firstIndex { !isDigit($0) } ?? bytes.count
        let number = Self.boundaryNumbers[Int.random(in: 0..<Self.boundaryNumbers.count, using: &random)]
        bytes.replaceSubrange(start..<end, with: Array(number.utf8))
    }
}
