/// The default theme for terminals with more than eight colours. Eight colours force one blue for
/// borders and one cyan for titles and selection alike; with more, the hierarchy can be drawn:
/// one accent (blue) carries focus and selection, greys step back for borders, hints and what is
/// unavailable, and success, warning and error each have a hue of their own.
extension Theme {
    /// In 24-bit colour, for terminals that report truecolor.
    public static let standardTrueColor = rich { .hex($0) }

    /// The same colours as their nearest xterm-256 entries.
    public static let standard256 = rich { value in
        .indexed(Xterm256.nearest(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)))
    }

    /// The theme standing in for `standard` at `level`: richer colours where the terminal has them.
    static func standardVariant(at level: ColorLevel) -> Theme {
        switch level {
        case .none, .ansi8: .standard
        case .ansi256: .standard256
        case .trueColor: .standardTrueColor
        }
    }

    private static func rich(_ color: (UInt32) -> Color) -> Theme {
        let accent = color(0x61AFEF)
        let secondary = color(0x9DA5B4)
        let faint = color(0x6B7280)
        let line = color(0x4B5563)
        let green = color(0x98C379)
        return Theme(
            name: Theme.standard.name, base: .plain, border: Style(foreground: line),
            title: Style(foreground: accent, bold: true), header: Style(bold: true, underline: true),
            selected: Style(foreground: color(0xE6EDF7), background: color(0x2C4F7C)),
            focused: Style(foreground: color(0x10141A), background: accent, bold: true),
            keyHint: Style(foreground: accent, bold: true), statusBar: Style(foreground: secondary),
            meterFilled: Style(foreground: green), meterEmpty: Style(foreground: line),
            success: Style(foreground: green, bold: true), warning: Style(foreground: color(0xE5C07B), bold: true),
            error: Style(foreground: color(0xE06C75), bold: true), disabled: Style(foreground: faint)
        )
    }
}
