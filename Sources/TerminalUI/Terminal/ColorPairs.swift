/// Curses colour pair numbers for every foreground/background combination of the palette,
/// allocated once at start so painting never needs a lookup table.
public enum ColorPairs {
    /// The curses colour number, with -1 as the terminal default (`use_default_colors`).
    public static func cursesColor(_ color: Color) -> Int16 {
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
        }
    }

    /// Default on default is pair 0, curses' fixed pair; the other 80 combinations are 1...80.
    public static func pair(foreground: Color, background: Color) -> Int16 {
        (cursesColor(foreground) + 1) * Int16(Color.allCases.count) + cursesColor(background) + 1
    }

    /// Every pair `pair(foreground:background:)` can return, with its colours.
    public static var all: [(pair: Int16, foreground: Int16, background: Int16)] {
        Color.allCases.flatMap { foreground in
            Color.allCases.compactMap { background in
                let number = pair(foreground: foreground, background: background)
                return number == 0 ? nil : (number, cursesColor(foreground), cursesColor(background))
            }
        }
    }
}
