/// One key a screen responds to and what it does, rendered by the help overlay.
public struct KeyHelp: Hashable, Sendable {
    public var key: String
    public var description: String

    public init(_ key: String, _ description: String) {
        self.key = key
        self.description = description
    }
}
