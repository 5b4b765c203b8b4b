/// The drawing characters in one place, so a non-UTF-8 locale or accessible mode swaps every
/// line, marker and ellipsis for ASCII at once.
public struct Glyphs: Sendable, Hashable {
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var horizontal: String
    public var vertical: String
    public var ellipsis: String
    /// Marks the selected row or tab, so selection is visible without colour or reverse video.
    public var selectionMarker: String
    public var meterFilled: String
    public var meterEmpty: String
    public var mask: String
    public var separator: String
    /// Point at content scrolled out of view.
    public var arrowUp: String
    public var arrowDown: String

    public static let unicode = Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
        ellipsis: "…", selectionMarker: "▸", meterFilled: "█", meterEmpty: "░", mask: "•", separator: "│",
        arrowUp: "↑", arrowDown: "↓"
    )

    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        ellipsis: "...", selectionMarker: ">", meterFilled: "#", meterEmpty: "-", mask: "*", separator: "|",
        arrowUp: "^", arrowDown: "v"
    )

    /// Unicode only when the locale (`LC_ALL`, then `LC_CTYPE`, then `LANG`) says UTF-8 and
    /// accessible mode is off; screen readers read box drawing aloud as noise.
    public static func resolve(environment: [String: String], accessible: Bool = false) -> Glyphs {
        if accessible { return .ascii }
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let normalized = String(locale.lowercased().filter { $0 != "-" })
        return normalized.contains("utf8") ? .unicode : .ascii
    }
}
