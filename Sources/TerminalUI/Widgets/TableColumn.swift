/// One table column's heading, sizing rule and alignment.
public struct TableColumn: Sendable, Hashable {
    /// How a column is sized: `fixed` always takes its cells, `min` takes its content's width
    /// but never less than its minimum, and `flex` columns share what is left by weight.
    public enum Width: Sendable, Hashable {
        case fixed(Int)
        case min(Int)
        case flex(Int)
    }

    public var title: String
    public var width: Width
    public var alignment: Alignment

    public init(_ title: String, width: Width, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
