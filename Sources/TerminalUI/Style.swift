/// How a cell is drawn; attributes are kept apart from colour so monochrome themes can still
/// show state with reverse, bold and underline.
public struct Style: Sendable, Hashable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool
    public var dim: Bool
    /// The address these cells link to: a byte-stream terminal wraps them in an OSC 8 hyperlink
    /// (clickable in terminals that know it, plain text elsewhere); ncurses and the headless text ignore it.
    public var link: String?

    public init(
        foreground: Color = .default, background: Color = .default,
        bold: Bool = false, underline: Bool = false, reverse: Bool = false, dim: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.dim = dim
    }

    public static let plain = Style()

    public func bolded() -> Style { var copy = self; copy.bold = true; return copy }
    public func reversed() -> Style { var copy = self; copy.reverse = true; return copy }
    public func underlined() -> Style { var copy = self; copy.underline = true; return copy }
    public func dimmed() -> Style { var copy = self; copy.dim = true; return copy }
    public func linked(to url: String) -> Style { var copy = self; copy.link = url; return copy }
    /// The style as drawn where links are not: the same cells without their address.
    public var unlinked: Style { var copy = self; copy.link = nil; return copy }
}
