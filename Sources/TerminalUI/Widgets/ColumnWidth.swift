/// How a table column is sized: `fixed` always takes its cells, `min` takes its content's width
/// but never less than its minimum, and `flex` columns share what is left by weight.
public enum ColumnWidth: Sendable, Hashable {
    case fixed(Int)
    case min(Int)
    case flex(Int)
}
