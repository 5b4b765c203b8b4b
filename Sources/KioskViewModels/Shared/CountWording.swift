/// "1 attempt", "2 attempts": a count and its noun, agreeing, worded in one place.
public enum CountWording {
    public static func of(_ count: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
