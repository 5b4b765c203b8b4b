/// Curses colour numbers for `Color`, given how many colours the terminal has (curses' `COLORS`):
/// what the terminal cannot show becomes the nearest it can, so a rich theme degrades instead of
/// drawing wrong colours.
struct CursesPalette: Sendable, Hashable {
    /// Curses' `COLORS`. At 2^24 and above the terminal takes direct colour (ncurses' `RGB`
    /// terminals such as xterm-direct), where a colour number is the packed `0xRRGGBB` value.
    let colors: Int

    static let directColors = 1 << 24

    /// The curses colour number, with -1 as the terminal default (`use_default_colors`).
    func number(_ color: Color) -> Int32 {
        switch color {
        case .default: -1
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case let .indexed(index):
            if colors >= Self.directColors {
                direct(Xterm256.rgb(of: index))
            } else if colors > Int(index) {
                Int32(index)
            } else {
                basic(Xterm256.rgb(of: index))
            }
        case let .rgb(red, green, blue):
            if colors >= Self.directColors {
                direct((red, green, blue))
            } else if colors >= 256 {
                Int32(Xterm256.nearest(red: red, green: green, blue: blue))
            } else {
                basic((red, green, blue))
            }
        }
    }

    private func direct(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int32 {
        Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
    }

    /// One of the eight named colours: a channel at half strength or more counts as on, which is
    /// how curses numbers them (red 1, green 2, blue 4).
    private func basic(_ rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int32 {
        (rgb.red >= 128 ? 1 : 0) | (rgb.green >= 128 ? 2 : 0) | (rgb.blue >= 128 ? 4 : 0)
    }
}
