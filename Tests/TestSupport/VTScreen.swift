import TerminalUI

/// A small VT interpreter for the sequences `FrameEncoder` writes (CUP, ED 2, SGR, private modes,
/// text with wide glyphs): the oracle its bytes are checked against, cell by cell, and what a
/// test of a byte-stream session reads the client's screen from.
public struct VTScreen {
    public var cells: [[Cell]]
    public var row = 0
    public var column = 0
    public var style = Style.plain
    public var cursorVisible = true
    public var alternateScreen = false
    public var modes: Set<Int> = []
    /// Sequences it did not understand: a test expects none.
    public var unknown: [String] = []

    public init(size: Size) {
        cells = Array(repeating: Array(repeating: .blank(), count: size.width), count: size.height)
    }

    public var width: Int { cells.first?.count ?? 0 }

    public mutating func feed(_ bytes: [UInt8]) {
        let characters = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            guard character == "\u{1B}" else {
                put(character)
                continue
            }
            guard index < characters.count, characters[index] == "[" else {
                unknown.append("ESC")
                continue
            }
            index += 1
            var parameters = ""
            while index < characters.count, let value = characters[index].asciiValue, (0x20...0x3F).contains(value) {
                parameters.append(characters[index])
                index += 1
            }
            guard index < characters.count else { return }
            let final = characters[index]
            index += 1
            apply(parameters, final)
        }
    }

    private mutating func put(_ character: Character) {
        let glyphWidth = DisplayWidth.of(character)
        guard row < cells.count, column + glyphWidth <= width else {
            unknown.append("text past the edge at \(row),\(column)")
            return
        }
        cells[row][column] = Cell(text: String(character), style: style)
        if glyphWidth == 2 { cells[row][column + 1] = Cell(text: "", style: style, isContinuation: true) }
        column += glyphWidth
    }

    private mutating func apply(_ parameters: String, _ final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case "H":
            row = max(1, numbers.first ?? 1) - 1
            column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
        case "J" where parameters == "2":
            cells = cells.map { $0.map { _ in Cell.blank(style) } }
        case "m":
            sgr(parameters.isEmpty ? [0] : numbers)
        case "h", "l" where parameters.hasPrefix("?"):
            let mode = Int(parameters.dropFirst()) ?? -1
            if final == "h" { modes.insert(mode) } else { modes.remove(mode) }
            if mode == 25 { cursorVisible = final == "h" }
            if mode == 1049 { alternateScreen = final == "h" }
        default:
            unknown.append("CSI \(parameters)\(final)")
        }
    }

    private mutating func sgr(_ codes: [Int]) {
        var index = 0
        let named: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        while index < codes.count {
            let code = codes[index]
            index += 1
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 30...37: style.foreground = named[code - 30]
            case 40...47: style.background = named[code - 40]
            case 38, 48:
                let color: Color
                if codes[index] == 5 {
                    color = .indexed(UInt8(codes[index + 1]))
                    index += 2
                } else {
                    color = .rgb(red: UInt8(codes[index + 1]), green: UInt8(codes[index + 2]), blue: UInt8(codes[index + 3]))
                    index += 4
                }
                if code == 38 { style.foreground = color } else { style.background = color }
            default: unknown.append("SGR \(code)")
            }
        }
    }
}

extension VTScreen {
    /// The screen's rows as plain text (continuation cells dropped).
    public var lines: [String] {
        cells.map { $0.filter { !$0.isContinuation }.map(\.text).joined() }
    }
}
