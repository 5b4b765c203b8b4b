/// How a line of text reads, mapped to a theme role so monochrome still shows it (bold,
/// underline) and colour themes pick their own colours.
public enum LineTone: Sendable {
    case base, title, header, success, warning, error, disabled

    public func style(_ theme: Theme) -> Style {
        switch self {
        case .base: theme.base
        case .title: theme.title
        case .header: theme.header
        case .success: theme.success
        case .warning: theme.warning
        case .error: theme.error
        case .disabled: theme.disabled
        }
    }
}
