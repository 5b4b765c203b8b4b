/// A stretch of one row to repaint: consecutive changed cells sharing a style.
public struct DiffRun: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var text: String
    public var style: Style

    public init(row: Int, column: Int, text: String, style: Style) {
        self.row = row
        self.column = column
        self.text = text
        self.style = style
    }
}
