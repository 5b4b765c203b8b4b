/// One terminal column. A wide glyph occupies a lead cell and a continuation cell, so that column
/// arithmetic stays one cell per column.
public struct Cell: Sendable, Hashable {
    /// One grapheme cluster, or empty for the continuation half of a wide glyph.
    public var text: String
    public var style: Style
    public var isContinuation: Bool

    public init(text: String, style: Style = .plain, isContinuation: Bool = false) {
        self.text = text
        self.style = style
        self.isContinuation = isContinuation
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", style: style) }

    static func continuation(_ style: Style) -> Cell { Cell(text: "", style: style, isContinuation: true) }
}
