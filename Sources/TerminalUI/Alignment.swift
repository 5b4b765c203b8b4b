/// Where text sits inside a wider cell range; amounts read best right-aligned.
public enum Alignment: Sendable, Hashable {
    case leading, center, trailing
}
