/// One table column's heading, sizing rule and alignment.
public struct TableColumn: Sendable, Hashable {
    public var title: String
    public var width: ColumnWidth
    public var alignment: Alignment

    public init(_ title: String, width: ColumnWidth, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
