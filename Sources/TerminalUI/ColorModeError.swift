/// An unknown `--color` value.
public struct ColorModeError: Error, Sendable, Hashable, CustomStringConvertible {
    public let value: String

    public var description: String { "invalid color mode '\(value)': expected auto, always or never" }
}
