/// How many colours the terminal can show; ordered, so "at least 8 colours" is a comparison.
public enum ColorLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
    case none = 0
    case ansi8
    case ansi256
    case trueColor

    public static func < (lhs: ColorLevel, rhs: ColorLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What the environment allows, following no-color.org (`NO_COLOR` set and non-empty wins),
    /// then `TERM=dumb` or no `TERM`, then `COLORTERM`, then a `256color` TERM.
    public static func detect(environment: [String: String]) -> ColorLevel {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        return .ansi8
    }
}
