import CNCurses

/// Escape sequences that xterm, rxvt, the Linux console, tmux and screen send for the editing,
/// cursor and function keys, registered with curses beside what terminfo lists for `TERM`.
///
/// Terminfo names one sequence per key, but the key a terminal sends depends on the terminal,
/// its mode and any multiplexer in between: inside tmux an `xterm-256color` TERM is told End is
/// `ESC O F` while tmux sends `ESC [ 4 ~`, which curses then reads as Esc, `4`, `~`.
public enum KeySequences {
    /// Each sequence and the curses key code of the key the byte-stream `InputDecoder` reads it
    /// as: the one decoder of these sequences, so curses and SSH sessions agree on every key.
    public static let all: [(sequence: String, code: Int32)] = sequences.compactMap { sequence in
        var decoder = InputDecoder()
        guard case let .key(key)? = decoder.feed(sequence.utf8).first, let code = KeyDecoder.code(of: key) else { return nil }
        return (sequence, code)
    }

    /// Home, End, Insert, Delete, PgUp, PgDn in the VT220 (`[1~`), rxvt (`[7~`) and xterm (`[H`,
    /// `OH`) forms; arrows in normal (`[A`) and application (`OA`) cursor mode; F1–F12 as xterm's
    /// `OP`–`OS`, the VT220 `[11~`… forms and the Linux console's `[[A`–`[[E`.
    static let sequences = (["[1~", "[7~", "[H", "OH", "[4~", "[8~", "[F", "OF", "[2~", "[3~", "[5~", "[6~", "[Z",
                             "[A", "[B", "[C", "[D", "OA", "OB", "OC", "OD", "OP", "OQ", "OR", "OS",
                             "[[A", "[[B", "[[C", "[[D", "[[E"]
        + [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].map { "[\($0)~" }).map { "\u{1B}" + $0 }

    /// The key a sequence means, nil when it is none of these.
    public static func code(for sequence: String) -> Int32? {
        all.first { $0.sequence == sequence }?.code
    }

    /// Tells curses about every sequence it does not already know for this terminal. rxvt's
    /// terminfo binds `[1~` and `[4~` to the VT220 Find and Select keys, which sit where Home and
    /// End are and which tmux sends for Home and End: those bindings are replaced.
    static func register() {
        for (sequence, code) in all {
            let bound = key_defined(sequence)
            if bound == code { continue }
            if bound == KEY_FIND || bound == KEY_SELECT {
                _ = define_key(sequence, 0)
            } else if bound != 0 {
                continue
            }
            _ = define_key(sequence, code)
        }
    }
}
