/// Named roles rather than colours, so widgets ask for "selected" and a theme decides how that
/// looks. Every role that carries state also uses reverse or bold, so it survives monochrome.
public struct Theme: Sendable, Hashable {
    public var name: String
    public var base: Style
    public var border: Style
    public var title: Style
    public var header: Style
    public var selected: Style
    public var focused: Style
    public var keyHint: Style
    public var statusBar: Style
    public var meterFilled: Style
    public var meterEmpty: Style
    public var success: Style
    public var warning: Style
    public var error: Style
    public var disabled: Style

    public init(
        name: String, base: Style, border: Style, title: Style, header: Style, selected: Style, focused: Style,
        keyHint: Style, statusBar: Style, meterFilled: Style, meterEmpty: Style, success: Style, warning: Style,
        error: Style, disabled: Style
    ) {
        self.name = name
        self.base = base
        self.border = border
        self.title = title
        self.header = header
        self.selected = selected
        self.focused = focused
        self.keyHint = keyHint
        self.statusBar = statusBar
        self.meterFilled = meterFilled
        self.meterEmpty = meterEmpty
        self.success = success
        self.warning = warning
        self.error = error
        self.disabled = disabled
    }

    public static let standard = Theme(
        name: "default", base: .plain, border: Style(foreground: .blue), title: Style(foreground: .cyan, bold: true),
        header: Style(bold: true, underline: true), selected: Style(foreground: .cyan, reverse: true),
        focused: Style(foreground: .yellow, bold: true, reverse: true), keyHint: Style(foreground: .yellow, bold: true),
        statusBar: Style(dim: true), meterFilled: Style(foreground: .green), meterEmpty: Style(dim: true),
        success: Style(foreground: .green, bold: true), warning: Style(foreground: .yellow, bold: true),
        error: Style(foreground: .red, bold: true), disabled: Style(dim: true)
    )

    public static let highContrast = Theme(
        name: "high-contrast", base: Style(foreground: .white, background: .black),
        border: Style(foreground: .white, background: .black, bold: true),
        title: Style(foreground: .yellow, background: .black, bold: true),
        header: Style(foreground: .white, background: .black, bold: true, underline: true),
        selected: Style(foreground: .black, background: .yellow, bold: true),
        focused: Style(foreground: .black, background: .cyan, bold: true),
        keyHint: Style(foreground: .yellow, background: .black, bold: true),
        statusBar: Style(foreground: .white, background: .black),
        meterFilled: Style(foreground: .green, background: .black, bold: true),
        meterEmpty: Style(foreground: .white, background: .black),
        success: Style(foreground: .green, background: .black, bold: true),
        warning: Style(foreground: .yellow, background: .black, bold: true),
        error: Style(foreground: .red, background: .black, bold: true),
        disabled: Style(foreground: .white, background: .black, underline: true)
    )

    public static let monochrome = Theme(
        name: "monochrome", base: .plain, border: .plain, title: Style(bold: true), header: Style(bold: true, underline: true),
        selected: Style(reverse: true), focused: Style(bold: true, reverse: true), keyHint: Style(bold: true),
        statusBar: .plain, meterFilled: Style(bold: true), meterEmpty: .plain, success: Style(bold: true),
        warning: Style(bold: true), error: Style(bold: true, underline: true), disabled: Style(dim: true)
    )

    public static let all: [Theme] = [.standard, .highContrast, .monochrome]

    /// The theme to draw with: without colour any requested theme falls back to monochrome, and
    /// the default theme takes the richest variant the terminal can show.
    public static func resolve(named name: String?, level: ColorLevel) -> Theme {
        if level == .none { return .monochrome }
        let theme = all.first { $0.name == name } ?? .standard
        return theme == .standard ? .standardVariant(at: level) : theme
    }
}
