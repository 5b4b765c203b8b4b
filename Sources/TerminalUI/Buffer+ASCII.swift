extension Buffer {
    /// The frame as a terminal without UTF-8 (`LANG=C`) can draw it: borders and markers already
    /// come from `Glyphs.ascii`, and this catches what the screens write in their own words (a
    /// tick before a feature, a dot between names, an arrow in a hint), one cell for one cell so
    /// the layout stays as it was measured.
    public mutating func transliterateToASCII() {
        for index in cells.indices {
            let cell = cells[index]
            if cell.isContinuation {
                cells[index] = Cell(text: " ", style: cell.style)
            } else if !cell.text.allSatisfy(\.isASCII) {
                cells[index] = Cell(text: Self.asciiStandIn[cell.text] ?? "?", style: cell.style)
            }
        }
    }

    private static let asciiStandIn: [String: String] = [
        "✓": "+", "✔": "+", "✗": "x", "✘": "x", "×": "x", "·": "-", "•": "*", "—": "-", "–": "-",
        "→": ">", "←": "<", "↑": "^", "↓": "v", "▸": ">", "▶": ">", "◂": "<", "◀": "<", "…": ".",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "≥": ">", "≤": "<", "\u{00A0}": " ",
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+",
        "┴": "+", "┼": "+", "█": "#", "░": "-", "▒": "#", "▀": "#", "▄": "#",
        "€": "E", "£": "L", "¥": "Y",
    ]
}
