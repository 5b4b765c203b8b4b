/// The ECMA-48 and xterm private-mode sequences the byte-stream backend writes; every member of
/// the xterm/VT family (xterm, tmux, screen, rxvt, the Linux console, VTE, kitty…) knows them.
public enum EscapeSequences {
    /// Alternate screen, hidden cursor, SGR mouse (press and wheel), bracketed paste, cleared.
    public static let enter = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
    /// Undoes `enter` in reverse order, leaving the client's own screen and cursor as they were.
    public static let leave = Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l".utf8)
    static let clear = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
    static let showCursor = Array("\u{1B}[?25h".utf8)
    static let hideCursor = Array("\u{1B}[?25l".utf8)

    /// Cursor position, 0-based in, 1-based out.
    static func move(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
}
