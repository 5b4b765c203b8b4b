/// Turns the bytes a terminal sends into keys, incrementally: a UTF-8 character or an escape
/// sequence may be split across reads, so what cannot be decided yet is held. A lone Esc cannot be
/// told from the start of a sequence until no more bytes come: when `wantsTimeout` is true the
/// caller waits `InputDecoder.escapeTimeout` and then calls `flush()`.
///
/// Understands the xterm, rxvt, Linux console and tmux/screen forms of the cursor, editing and
/// function keys (modifiers are read and ignored), SGR (1006) mouse, bracketed paste (2004).
/// Anything else is dropped; no input can make it trap.
public struct InputDecoder: Sendable {
    /// Milliseconds to wait before a held Esc is a key of its own (ncurses' ESCDELAY here).
    public static let escapeTimeout: Int32 = 25
    /// Longest escape sequence kept; longer ones are garbage and dropped.
    static let longestSequence = 64
    /// Largest paste delivered; the rest of a larger one is dropped so input stays bounded.
    public static let largestPaste = 64 * 1024

    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// The last byte decoded was CR: an LF right after it is the same Enter.
    private var afterCarriageReturn = false

    public init() {}

    /// True when held bytes are complete only if nothing follows (a lone Esc, a cut sequence).
    public var wantsTimeout: Bool { paste == nil && !pending.isEmpty }

    /// Decodes what `bytes` complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [DecodedInput] {
        pending.append(contentsOf: bytes)
        var decoded: [DecodedInput] = []
        while let step = next() {
            if let input = step { decoded.append(input) }
        }
        return decoded
    }

    /// After the timeout: a held Esc is the Esc key; a cut sequence is dropped.
    public mutating func flush() -> [DecodedInput] {
        guard paste == nil, let first = pending.first else { return [] }
        var decoded: [DecodedInput] = []
        if first == 0x1B {
            pending.removeFirst()
            decoded.append(.key(.escape))
            if pending.first == 0x1B { return decoded + flush() }
        }
        pending.removeAll()
        return decoded
    }

    /// Nil when more bytes are needed; `.some(nil)` when bytes were consumed with nothing to report.
    private mutating func next() -> DecodedInput?? {
        if paste != nil { return nextPasted() }
        guard let first = pending.first else { return nil }
        let crlf = afterCarriageReturn && first == 0x0A
        afterCarriageReturn = first == 0x0D
        if crlf {
            pending.removeFirst()
            return .some(nil)
        }
        if first == 0x1B { return escape() }
        guard let (key, length) = Self.plainKey(pending[...]) else { return nil }
        pending.removeFirst(length)
        return .some(key.map(DecodedInput.key))
    }

    /// A key that is not an escape sequence and its length in bytes; nil when incomplete.
    static func plainKey(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x09: return (.tab, 1)
        case 0x0A, 0x0D: return (.enter, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x1B: return (.escape, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        default: return utf8(bytes)
        }
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        let length = switch first {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        guard length > 0 else { return (nil, 1) }
        let available = bytes.prefix(length)
        // A byte that cannot continue the character ends it as garbage right there.
        if let bad = available.dropFirst().firstIndex(where: { $0 & 0xC0 != 0x80 }) {
            return (nil, bad - bytes.startIndex)
        }
        guard available.count == length else { return nil }
        guard let text = String(validating: available, as: UTF8.self), let character = text.first else {
            return (nil, length)
        }
        return (.character(character), length)
    }

    private mutating func escape() -> DecodedInput?? {
        guard pending.count > 1 else { return nil }
        switch pending[1] {
        case UInt8(ascii: "["): return controlSequence()
        case UInt8(ascii: "O"): return singleShift()
        case 0x1B:
            pending.removeFirst()
            return .some(.key(.escape))
        default:
            guard let (key, length) = Self.plainKey(pending[1...]) else { return nil }
            pending.removeFirst(1 + length)
            return .some(key.map(DecodedInput.alt))
        }
    }

    /// `ESC O x`: application-mode arrows, Home/End, F1–F4, keypad Enter.
    private mutating func singleShift() -> DecodedInput?? {
        guard pending.count > 2 else { return nil }
        let final = pending[2]
        pending.removeFirst(3)
        return .some(Self.letterKey(final).map(DecodedInput.key))
    }

    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `ESC [ params final`, the Linux console's `ESC [ [ A`–`E`, and SGR mouse `ESC [ < … M`.
    private mutating func controlSequence() -> DecodedInput?? {
        if pending.count > 2, pending[2] == UInt8(ascii: "[") {
            guard pending.count > 3 else { return nil }
            let letter = pending[3]
            pending.removeFirst(4)
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return .some(nil) }
            return .some(.key(.function(Int(letter - UInt8(ascii: "A")) + 1)))
        }
        var index = 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else {
            if pending.count > Self.longestSequence { pending.removeAll() }
            return nil
        }
        let final = pending[index]
        let parameters = String(decoding: pending[2..<index], as: UTF8.self)
        pending.removeFirst(index + 1)
        guard (0x40...0x7E).contains(final) else { return .some(nil) }
        if parameters.hasPrefix("<") { return .some(Self.mouse(parameters.dropFirst(), release: final == UInt8(ascii: "m"))) }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 }
        switch final {
        case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
            if first == 200 {
                paste = []
                return .some(nil)
            }
            return .some(first.flatMap(Self.tildeKey).map(DecodedInput.key))
        default:
            return .some(Self.letterKey(final).map(DecodedInput.key))
        }
    }

    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    /// SGR mouse: `button;column;row`, 1-based. Wheel and the first button's press are kept.
    private static func mouse(_ parameters: Substring, release: Bool) -> DecodedInput? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, !release, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let button = numbers[0]
        let position = Point(x: numbers[1] - 1, y: numbers[2] - 1)
        if button & 32 != 0 { return nil }
        if button & 64 != 0 {
            return .key(.mouse(MouseEvent(action: button & 1 == 0 ? .scrollUp : .scrollDown, position: position)))
        }
        return button & 3 == 0 ? .key(.mouse(MouseEvent(action: .press, position: position))) : nil
    }

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private mutating func nextPasted() -> DecodedInput?? {
        guard var text = paste, !pending.isEmpty else { return nil }
        if let end = Self.find(Self.pasteEnd, in: pending) {
            text.append(contentsOf: pending[..<end].prefix(max(0, Self.largestPaste - text.count)))
            pending.removeFirst(end + Self.pasteEnd.count)
            paste = nil
            return .some(.paste(String(decoding: text, as: UTF8.self)))
        }
        // Keeps what could be the start of the end marker.
        let keep = min(pending.count, Self.pasteEnd.count - 1)
        let settled = pending.count - keep
        text.append(contentsOf: pending[..<settled].prefix(max(0, Self.largestPaste - text.count)))
        pending.removeFirst(settled)
        paste = text
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// One thing the byte decoder recognised.
public enum DecodedInput: Sendable, Hashable {
    case key(Key)
    /// A key typed with Alt (sent as Esc then the key). No screen binds Alt, so hosts drop it
    /// rather than mistake it for Esc followed by a shortcut.
    case alt(Key)
    /// Text between bracketed-paste markers: text to insert, never shortcuts.
    case paste(String)
}
