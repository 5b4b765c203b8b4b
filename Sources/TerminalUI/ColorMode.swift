/// The `--color auto|always|never` option.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    case auto, always, never

    /// Parses the option value, naming the accepted values on failure.
    public init(parsing value: String) throws(ColorModeError) {
        guard let mode = ColorMode(rawValue: value.lowercased()) else { throw ColorModeError(value: value) }
        self = mode
    }

    /// The colour level to draw with. `always` forces at least 8 colours even when the environment
    /// or a pipe says otherwise, because the user asked; `auto` draws none when output is not a
    /// terminal.
    public func resolve(environment: [String: String], isTerminal: Bool) -> ColorLevel {
        switch self {
        case .never:
            return .none
        case .always:
            var permissive = environment
            permissive["NO_COLOR"] = nil
            if (permissive["TERM"] ?? "").isEmpty || permissive["TERM"] == "dumb" { return .ansi8 }
            return max(.ansi8, ColorLevel.detect(environment: permissive))
        case .auto:
            return isTerminal ? ColorLevel.detect(environment: environment) : .none
        }
    }
}

/// An unknown `--color` value.
public struct ColorModeError: Error, Sendable, Hashable, CustomStringConvertible {
    public let value: String

    public var description: String { "invalid color mode '\(value)': expected auto, always or never" }
}
