/// Turns frames into the bytes that paint them: the cell runs `BufferDiff` reports, each placed
/// with a cursor move only where the cursor is not already, and an SGR only where the style
/// changes. Pure (no I/O), so its output is checked byte for byte and through a VT interpreter.
public struct FrameEncoder: Sendable {
    public let colorLevel: ColorLevel
    private var previous: Buffer?
    /// Where the terminal's cursor is after the bytes written so far; nil when unknown.
    private var cursor: Point?
    private var style = Style.plain
    private var cursorShown = false

    public init(colorLevel: ColorLevel) {
        self.colorLevel = colorLevel
    }

    /// The next `encode` paints the whole screen (Ctrl-L, resize, a new theme).
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes taking the screen from the last frame to `buffer`, with the cursor at `cursorAt`
    /// (hidden when nil). A frame of another size is painted whole, after a clear.
    public mutating func encode(_ buffer: Buffer, cursor cursorAt: Point?) -> [UInt8] {
        var bytes: [UInt8] = []
        let whole = previous?.size != buffer.size
        if whole {
            bytes += EscapeSequences.clear
            style = .plain
            cursor = Point(x: 0, y: 0)
        }
        for run in BufferDiff.runs(from: whole ? nil : previous, to: buffer) {
            // A cleared screen is already blank in the default style.
            if whole, run.style == .plain, run.text.allSatisfy({ $0 == " " }) { continue }
            var column = run.column
            for character in run.text {
                let width = DisplayWidth.of(character)
                if cursor != Point(x: column, y: run.row) {
                    bytes += EscapeSequences.move(row: run.row, column: column)
                }
                if style != run.style {
                    if style.link != run.style.link { bytes += Self.hyperlink(run.style.link) }
                    if style.unlinked != run.style.unlinked { bytes += sgr(run.style) }
                    style = run.style
                }
                bytes += character.utf8
                column += width
                // Terminals may measure a non-ASCII glyph differently: place the next one anew.
                cursor = character.isASCII && column < buffer.size.width ? Point(x: column, y: run.row) : nil
            }
        }
        if style.link != nil { bytes += Self.hyperlink(nil) }
        if style.unlinked != .plain { bytes += sgr(.plain) }
        style = .plain
        if let cursorAt {
            if cursor != cursorAt { bytes += EscapeSequences.move(row: cursorAt.y, column: cursorAt.x) }
            cursor = cursorAt
            if !cursorShown { bytes += EscapeSequences.showCursor }
            cursorShown = true
        } else if cursorShown || whole {
            bytes += EscapeSequences.hideCursor
            cursorShown = false
        }
        previous = buffer
        return bytes
    }

    /// Ends the open OSC 8 hyperlink and, with `url`, opens one to it. An address that is not
    /// printable ASCII (which could end the sequence early) is not linked.
    static func hyperlink(_ url: String?) -> [UInt8] {
        let safe = url.flatMap { url in url.utf8.allSatisfy { (0x21...0x7E).contains($0) } ? url : nil } ?? ""
        return Array("\u{1B}]8;;\(safe)\u{1B}\\".utf8)
    }

    /// One SGR setting the whole style from the default, so no attribute of the last run leaks.
    func sgr(_ style: Style) -> [UInt8] {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if colorLevel > .none {
            codes += color(style.foreground, base: 30)
            codes += color(style.background, base: 40)
        }
        return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }

    /// The parameters of one colour at this level; empty for the default (already reset).
    func color(_ color: Color, base: Int) -> [String] {
        let named: Int? = switch color {
        case .default: nil
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .indexed, .rgb: -1
        }
        if let named, named >= 0 { return ["\(base + named)"] }
        switch (color, colorLevel) {
        case let (.indexed(index), .ansi256), let (.indexed(index), .trueColor):
            return ["\(base + 8)", "5", "\(index)"]
        case let (.rgb(red, green, blue), .trueColor):
            return ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
        case let (.rgb(red, green, blue), .ansi256):
            return ["\(base + 8)", "5", "\(Xterm256.nearest(red: red, green: green, blue: blue))"]
        case let (.indexed(index), _):
            return ["\(base + Self.nearestEight(Xterm256.rgb(of: index)))"]
        case let (.rgb(red, green, blue), _):
            return ["\(base + Self.nearestEight((red, green, blue)))"]
        default:
            return []
        }
    }

    /// The nearest of the eight named colours, by xterm's values for them.
    static func nearestEight(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let target = [Int(rgb.red), Int(rgb.green), Int(rgb.blue)]
        return (0..<8).min { lhs, rhs in
            distance(target, Xterm256.rgb(of: UInt8(lhs))) < distance(target, Xterm256.rgb(of: UInt8(rhs)))
        } ?? 7
    }

    private static func distance(_ target: [Int], _ entry: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let channels = [Int(entry.red), Int(entry.green), Int(entry.blue)]
        return zip(target, channels).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }
}
