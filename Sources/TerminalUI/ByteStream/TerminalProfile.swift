/// What a remote client told about its terminal: the pty request's `TERM` and size, and the
/// `COLORTERM` and `NO_COLOR` environment requests when it sent them.
public struct TerminalProfile: Sendable, Hashable {
    public var term: String
    public var colorTerm: String?
    public var noColor: String?
    public var size: Size

    public init(term: String, colorTerm: String? = nil, noColor: String? = nil, size: Size) {
        self.term = term
        self.colorTerm = colorTerm
        self.noColor = noColor
        self.size = size
    }

    /// Decided as for a local terminal (no-color.org, `TERM=dumb`, `COLORTERM`, `256color`).
    public var colorLevel: ColorLevel {
        var environment = ["TERM": term]
        environment["COLORTERM"] = colorTerm
        environment["NO_COLOR"] = noColor
        return ColorLevel.detect(environment: environment)
    }
}
