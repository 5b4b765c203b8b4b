/// When to use colour, as `--color=auto|always|never` tools do: auto follows the terminal.
public enum ColourMode: String, Hashable, Sendable, Codable, CaseIterable {
    case auto, always, never
}
