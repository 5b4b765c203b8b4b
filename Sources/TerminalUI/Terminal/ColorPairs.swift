/// Curses colour pairs, allocated as styles first need them and remembered: a 256-colour or
/// direct-colour theme can name far more combinations than a fixed table could hold, while a
/// screen uses only a few dozen.
struct ColorPairs {
    private var palette: CursesPalette
    /// Curses' `COLOR_PAIRS`; pair 0 is curses' own default-on-default pair.
    let capacity: Int
    private var numbers: [Colors: Int32] = [:]

    /// A pair's colours as curses numbers, so two colours that map to the same number share a pair.
    private struct Colors: Hashable {
        let foreground: Int32
        let background: Int32
    }

    /// What `pair(foreground:background:defineColor:)` found.
    enum Allocation: Equatable {
        /// A pair already defined (0 for the terminal's default colours).
        case existing(Int32)
        /// A pair number to define with `init_extended_pair` before use.
        case new(pair: Int32, foreground: Int32, background: Int32)
    }

    init(palette: CursesPalette, capacity: Int) {
        self.palette = palette
        self.capacity = capacity
    }

    /// The pair for these colours; `defineColor` is called for palette entries to redefine first
    /// (see `CursesPalette.redefinesColors`). Once the terminal's pairs are used up, further
    /// combinations draw in the default colours: attributes such as reverse and bold still show
    /// their state.
    mutating func pair(foreground: Color, background: Color,
                       defineColor: (CursesPalette.Definition) -> Void) -> Allocation {
        let colors = Colors(foreground: palette.number(foreground, define: defineColor),
                            background: palette.number(background, define: defineColor))
        if colors.foreground == -1, colors.background == -1 { return .existing(0) }
        if let number = numbers[colors] { return .existing(number) }
        let number = Int32(numbers.count + 1)
        guard number < capacity else { return .existing(0) }
        numbers[colors] = number
        return .new(pair: number, foreground: colors.foreground, background: colors.background)
    }
}
