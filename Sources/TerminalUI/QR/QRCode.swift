/// A QR symbol drawn with half blocks, two modules per cell vertically (terminal cells are
/// about twice as tall as wide, so the symbol comes out square), inside a light quiet zone.
/// Without UTF-8 each module is `##` or two spaces on its own row: taller, but still scannable.
public struct QRCode: Widget {
    public enum Drawing: Sendable, Hashable {
        case halfBlocks
        case ascii
    }

    public var matrix: QRMatrix
    public var drawing: Drawing
    /// Light modules around the symbol; scanners need some (the standard asks for 4, phones
    /// manage with 2 against a terminal's plain background).
    public var quietZone: Int
    /// Dark modules are the foreground and light ones the background, so the default is black on
    /// white whatever the terminal's own colours are.
    public var style: Style

    public init(matrix: QRMatrix, drawing: Drawing = .halfBlocks, quietZone: Int = 2,
                style: Style = Style(foreground: .black, background: .white)) {
        self.matrix = matrix
        self.drawing = drawing
        self.quietZone = max(0, quietZone)
        self.style = style
    }

    /// Half blocks need a UTF-8 terminal, which the glyph set already tells.
    public init(matrix: QRMatrix, glyphs: Glyphs, quietZone: Int = 2,
                style: Style = Style(foreground: .black, background: .white)) {
        self.init(matrix: matrix, drawing: glyphs == .unicode ? .halfBlocks : .ascii, quietZone: quietZone, style: style)
    }

    /// The cells the symbol needs, quiet zone included; nothing is drawn in a smaller area.
    public var size: Size { Self.size(of: matrix, drawing: drawing, quietZone: quietZone) }

    public static func size(of matrix: QRMatrix, drawing: Drawing, quietZone: Int = 2) -> Size {
        let side = matrix.width + 2 * max(0, quietZone)
        switch drawing {
        case .halfBlocks: return Size(width: side, height: (side + 1) / 2)
        case .ascii: return Size(width: 2 * side, height: side)
        }
    }

    /// Draws at the top-left of `area` when it fits; a clipped symbol would not scan, so a
    /// smaller area gets nothing.
    public func render(in area: Rect, buffer: inout Buffer) {
        let needed = size
        guard area.width >= needed.width, area.height >= needed.height else { return }
        let side = matrix.width + 2 * quietZone
        for row in 0..<needed.height {
            var line = ""
            for column in 0..<side {
                let x = column - quietZone
                switch drawing {
                case .halfBlocks:
                    let top = matrix[x, 2 * row - quietZone]
                    let bottom = matrix[x, 2 * row + 1 - quietZone]
                    line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                case .ascii:
                    line += matrix[x, row - quietZone] ? "##" : "  "
                }
            }
            buffer.write(line, x: area.x, y: area.y + row, style: style, clip: area)
        }
    }
}

/// Why a text could not become a QR symbol.
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    /// More than a version 40 symbol holds at level M (2,331 bytes).
    case tooLong(byteCount: Int)

    public var description: String {
        switch self {
        case .empty: "nothing to encode in a QR code"
        case let .tooLong(byteCount): "\(byteCount) bytes is too long for a QR code"
        }
    }
}
