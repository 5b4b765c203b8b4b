/// Splits a PEM file into its `-----BEGIN label-----` … `-----END label-----` blocks, so one file can hold
/// a certificate together with its private key and be replaced atomically as a unit.
struct PEMBlocks {
    struct Block {
        let label: String
        /// The whole block including its BEGIN and END lines, ready for a PEM parser.
        let text: String
    }

    enum ParseError: Error, CustomStringConvertible {
        case unterminatedBlock(String)
        case mismatchedEnd(expected: String, found: String)
        case textOutsideBlocks

        var description: String {
            switch self {
            case .unterminatedBlock(let label): "PEM block \(label) has no END line"
            case .mismatchedEnd(let expected, let found): "PEM block \(expected) ends with END \(found)"
            case .textOutsideBlocks: "text outside PEM blocks"
            }
        }
    }

    let blocks: [Block]

    init(parsing text: String) throws(ParseError) {
        var blocks: [Block] = []
        var open: (label: String, lines: [Substring])?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty { continue }
            if var current = open {
                current.lines.append(line)
                if let label = Self.label(of: line, marker: "END") {
                    guard label == current.label else { throw .mismatchedEnd(expected: current.label, found: label) }
                    blocks.append(Block(label: label, text: current.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    open = current
                }
            } else if let label = Self.label(of: line, marker: "BEGIN") {
                open = (label, [line])
            } else {
                throw .textOutsideBlocks
            }
        }
        if let open { throw .unterminatedBlock(open.label) }
        self.blocks = blocks
    }

    /// The only block with this label, or nil when there is none or more than one.
    func single(_ label: String) -> Block? {
        let matching = blocks.filter { $0.label == label }
        return matching.count == 1 ? matching[0] : nil
    }

    private static func label(of line: Substring, marker: String) -> String? {
        let prefix = "-----\(marker) "
        let suffix = "-----"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
