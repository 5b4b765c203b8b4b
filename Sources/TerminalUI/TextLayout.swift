/// Fitting text into cells. Everything here counts display columns, never characters, so CJK
/// and emoji truncate at the same visual edge as ASCII.
public enum TextLayout {
    /// `text` shortened to at most `width` columns, ending in `ellipsis` when anything was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard ellipsisWidth <= width else { return prefix(ellipsis, fitting: width) }
        return prefix(text, fitting: width - ellipsisWidth) + ellipsis
    }

    /// The longest leading part of `text` that fits in `width` columns.
    public static func prefix(_ text: String, fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }

    /// `text` padded with spaces (or truncated) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .leading, ellipsis: String) -> String {
        let fitted = truncate(text, to: width, ellipsis: ellipsis)
        let gap = max(0, width - DisplayWidth.of(fitted))
        switch alignment {
        case .leading: return fitted + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + fitted
        case .center: return String(repeating: " ", count: gap / 2) + fitted + String(repeating: " ", count: gap - gap / 2)
        }
    }

    /// Greedy word wrap to `width` columns; a word longer than a line is broken by columns.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var remainder = String(word)
                let separatorWidth = line.isEmpty ? 0 : 1
                if DisplayWidth.of(line) + separatorWidth + DisplayWidth.of(remainder) <= width {
                    line += (line.isEmpty ? "" : " ") + remainder
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                while DisplayWidth.of(remainder) > width {
                    let head = prefix(remainder, fitting: width)
                    guard !head.isEmpty else { return lines }
                    lines.append(head)
                    remainder = String(remainder.dropFirst(head.count))
                }
                line = remainder
            }
            lines.append(line)
        }
        return lines
    }
}
