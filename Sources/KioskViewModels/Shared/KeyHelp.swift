/// One key a screen responds to and what it does, rendered by the help overlay.
public struct KeyHelp: Hashable, Sendable {
    public var key: String
    public var description: String

    public init(_ key: String, _ description: String) {
        self.key = key
        self.description = description
    }
}

extension [KeyHelp] {
    /// Each key once, where it is first listed: the screen's own wording wins over the global
    /// and terminal keys after it. A combined entry ("Esc/Backspace") keeps only the keys not
    /// already listed ("Backspace"), and goes when none is left.
    public var listingEachKeyOnce: [KeyHelp] {
        var seen: Set<Substring> = []
        var result: [KeyHelp] = []
        for help in self {
            let keys = help.key.split(separator: "/")
            let fresh = keys.filter { !seen.contains($0) }
            seen.formUnion(keys)
            guard !fresh.isEmpty else { continue }
            result.append(fresh.count == keys.count ? help : KeyHelp(fresh.joined(separator: "/"), help.description))
        }
        return result
    }
}
