/// A notice on the status line ("ok Purchase succeeded."): one home for what just happened,
/// never drawn over a screen's borders or titles. The prefix reads the same without colour.
public struct StatusMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case info, success, error

        var prefix: String {
            switch self {
            case .info: "i"
            case .success: "ok"
            case .error: "!"
            }
        }
    }

    public var text: String
    public var kind: Kind
    /// Notices waiting behind this one, counted so none goes unnoticed.
    public var queued: Int

    public init(_ text: String, kind: Kind = .info, queued: Int = 0) {
        self.text = text
        self.kind = kind
        self.queued = queued
    }

    var line: String { "\(kind.prefix) \(text)" + (queued > 0 ? " (+\(queued) more)" : "") }

    func style(_ theme: Theme) -> Style {
        switch kind {
        case .info: theme.base.reversed()
        case .success: theme.success.reversed()
        case .error: theme.error.reversed()
        }
    }
}
