/// How one slice of a split claims space: fixed cells first, then percentages of the whole,
/// then the remainder shared by weight among the fills.
public enum LayoutConstraint: Sendable, Hashable {
    case fixed(Int)
    case percent(Int)
    case fill(Int = 1)
}
