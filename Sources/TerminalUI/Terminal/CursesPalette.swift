/// Curses colour numbers for `Color`, given how many colours the terminal has (curses' `COLORS`):
/// what the terminal cannot show becomes the nearest it can, so a rich theme degrades instead of
/// drawing wrong colours.
struct CursesPalette {
    /// Curses' `COLORS`. At 2^24 and above the terminal takes direct colour (ncurses' `RGB`
    /// terminals such as xterm-direct), where a colour number is the packed `0xRRGGBB` value.
    let colors: Int
    /// Whether 24-bit colours get palette entries of their own, redefined with
    /// `init_extended_color`: truecolor asked for on a 256-colour terminal that can change its
    /// colours (`can_change_color`, xterm's `initc`). Entries are taken from 255 downwards, away
    /// from the 16 system colours; curses restores the terminal's palette when it ends.
    let redefinesColors: Bool
    private var redefined: [UInt32: Int32] = [:]

    static let directColors = 1 << 24

    /// An entry to redefine before it is drawn with.
    struct Definition: Equatable {
        let number: Int32
        let red: UInt8, green: UInt8, blue: UInt8
    }

    init(colors: Int, level: ColorLevel, canChangeColor: Bool) {
        self.colors = colors
        redefinesColors = level == .trueColor && canChangeColor && colors >= 256 && colors < Self.directColors
    }

    /// The curses colour number, with -1 as the terminal default (`use_default_colors`);
    /// `define` is called for an entry this colour is the first to need.
    mutating func number(_ color: Color, define: (Definition) -> Void) -> Int32 {
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
            } else if let entry = redefinedEntry((red, green, blue), define: define) {
                entry
            } else if colors >= 256 {
                Int32(Xterm256.nearest(red: red, green: green, blue: blue))
            } else {
                basic((red, green, blue))
            }
        }
    }

    /// The entry redefined as this colour, taking the next free one; nil when colours are not
    /// redefined or every entry above the system colours is taken.
    private mutating func redefinedEntry(_ rgb: (red: UInt8, green: UInt8, blue: UInt8),
                                         define: (Definition) -> Void) -> Int32? {
        guard redefinesColors else { return nil }
        let key = UInt32(direct(rgb))
        if let entry = redefined[key] { return entry }
        let entry = Int32(min(colors, 256) - 1 - redefined.count)
        guard entry >= 16 else { return nil }
        redefined[key] = entry
        define(Definition(number: entry, red: rgb.red, green: rgb.green, blue: rgb.blue))
        return entry
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
