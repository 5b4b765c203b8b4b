/// The eight named colours every colour terminal has, plus the xterm 256-colour palette and 24-bit
/// colour for richer themes; the terminal side turns what it cannot show into the nearest it can.
public enum Color: Sendable, Hashable {
    /// The terminal's own default, so a theme can respect the user's background.
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// An entry of the xterm 256-colour palette.
    case indexed(UInt8)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// A 24-bit colour written as designers do, `0xRRGGBB`.
    public static func hex(_ value: UInt32) -> Color {
        .rgb(red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
             blue: UInt8(truncatingIfNeeded: value))
    }

    /// A short stable name for snapshots: the colour's name, its palette number, or `#rrggbb`.
    public var name: String {
        switch self {
        case .default: "default"
        case .black: "black"
        case .red: "red"
        case .green: "green"
        case .yellow: "yellow"
        case .blue: "blue"
        case .magenta: "magenta"
        case .cyan: "cyan"
        case .white: "white"
        case let .indexed(index): "\(index)"
        case let .rgb(red, green, blue): "#" + [red, green, blue].map(Self.hexByte).joined()
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
