/// Follows a chunked request body's framing (RFC 9112 §7.1) over the raw bytes, so its size is
/// counted like a declared `Content-Length` and the end of the body (after the trailers) is found,
/// where the next request's head begins on a kept-alive connection.
struct ChunkedBodyCounter {
    enum Outcome: Equatable {
        /// Every byte given belongs to the body; more is to come.
        case needsMore
        /// The body ended after this many of the bytes given.
        case finished(consumed: Int)
        /// The chunk sizes add up to more than the limit.
        case tooLarge
        /// A chunk-size line, a chunk's CRLF or a trailer line is not what the framing allows.
        case malformed
    }

    private enum Phase {
        case sizeLine
        case data(remaining: Int)
        case dataEnd(seen: Int)
        case trailer
    }

    private let maxBodyBytes: Int
    private let maxLineBytes: Int
    private var phase = Phase.sizeLine
    private var line: [UInt8] = []
    private var total = 0

    init(maxBodyBytes: Int, maxLineBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxLineBytes = maxLineBytes
    }

    mutating func advance(over bytes: some Collection<UInt8>) -> Outcome {
        var index = bytes.startIndex
        var consumed = 0
        while index != bytes.endIndex {
            switch phase {
            case let .data(remaining):
                let step = min(remaining, bytes.distance(from: index, to: bytes.endIndex))
                index = bytes.index(index, offsetBy: step)
                consumed += step
                phase = step == remaining ? .dataEnd(seen: 0) : .data(remaining: remaining - step)
            case let .dataEnd(seen):
                let expected = seen == 0 ? UInt8(ascii: "\r") : UInt8(ascii: "\n")
                guard bytes[index] == expected else { return .malformed }
                index = bytes.index(after: index)
                consumed += 1
                phase = seen == 0 ? .dataEnd(seen: 1) : .sizeLine
            case .sizeLine, .trailer:
                let byte = bytes[index]
                index = bytes.index(after: index)
                consumed += 1
                line.append(byte)
                guard line.count <= maxLineBytes else { return .malformed }
                guard byte == UInt8(ascii: "\n") else { continue }
                guard line.count >= 2, line[line.count - 2] == UInt8(ascii: "\r") else { return .malformed }
                let content = line.dropLast(2)
                line.removeAll(keepingCapacity: true)
                if case .trailer = phase {
                    if content.isEmpty { return .finished(consumed: consumed) }
                    continue
                }
                guard let size = Self.chunkSize(content) else { return .malformed }
                let (sum, overflow) = total.addingReportingOverflow(size)
                guard !overflow, sum <= maxBodyBytes else { return .tooLarge }
                total = sum
                phase = size == 0 ? .trailer : .data(remaining: size)
            }
        }
        return .needsMore
    }

    /// The hexadecimal size before any `;` extension, or nil for anything else.
    private static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = digits.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
        guard !trimmed.isEmpty, trimmed.count <= 15 else { return nil }
        return Int(String(decoding: trimmed, as: UTF8.self), radix: 16)
    }
}
