/// Turns a buffer into text for tests and `--dump`, where there is no terminal to paint.
public enum HeadlessBackend {
    /// Each row as plain text with trailing spaces trimmed.
    public static func lines(_ buffer: Buffer) -> [String] {
        (0..<buffer.size.height).map { y in
            var line = ""
            for x in 0..<buffer.size.width { line += buffer[x, y].text }
            return trimmingTrailingSpaces(line)
        }
    }

    /// The whole buffer as plain text, rows joined by newlines.
    public static func plainText(_ buffer: Buffer) -> String { lines(buffer).joined(separator: "\n") }

    /// The buffer with styled stretches wrapped in markers such as `<b,r fg=red>text</>`, so a test
    /// or a screen reader user can see selection and focus that colour alone would carry.
    public static func styledText(_ buffer: Buffer) -> String {
        (0..<buffer.size.height).map { y in
            var line = ""
            var open: Style?
            var pendingSpaces = ""
            for x in 0..<buffer.size.width {
                var cell = buffer[x, y]
                if cell.isContinuation { continue }
                cell.style = cell.style.unlinked
                if cell.text == " ", cell.style == .plain {
                    pendingSpaces += " "
                    continue
                }
                if open != nil, open != cell.style || !pendingSpaces.isEmpty {
                    line += "</>"
                    open = nil
                }
                line += pendingSpaces
                pendingSpaces = ""
                if open == nil, cell.style != .plain {
                    line += "<\(marker(cell.style))>"
                    open = cell.style
                }
                line += cell.text
            }
            if open != nil { line += "</>" }
            return line
        }.joined(separator: "\n")
    }

    /// A compact, stable name for a style: attributes, then non-default colours (named, a palette
    /// number such as `fg=244`, or 24-bit as `fg=#61afef`).
    public static func marker(_ style: Style) -> String {
        var attributes: [String] = []
        if style.bold { attributes.append("b") }
        if style.dim { attributes.append("d") }
        if style.underline { attributes.append("u") }
        if style.reverse { attributes.append("r") }
        var parts = attributes.isEmpty ? [] : [attributes.joined(separator: ",")]
        if style.foreground != .default { parts.append("fg=\(style.foreground.name)") }
        if style.background != .default { parts.append("bg=\(style.background.name)") }
        return parts.joined(separator: " ")
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
