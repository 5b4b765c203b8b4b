import CNCurses

/// Escape sequences that xterm, rxvt, the Linux console, tmux and screen send for the editing,
/// cursor and function keys, registered with curses beside what terminfo lists for `TERM`.
///
/// Terminfo names one sequence per key, but the key a terminal sends depends on the terminal,
/// its mode and any multiplexer in between: inside tmux an `xterm-256color` TERM is told End is
/// `ESC O F` while tmux sends `ESC [ 4 ~`, which curses then reads as Esc, `4`, `~`.
public enum KeySequences {
    /// Each sequence and the curses key code it means.
    public static let all: [(sequence: String, code: Int32)] = editing + cursor + function

    /// Home, End, Insert, Delete, PgUp, PgDn in the VT220 (`[1~`), rxvt (`[7~`) and xterm (`[H`,
    /// `OH`) forms.
    static let editing: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
        ("\u{1B}[Z", KEY_BTAB),
    ]

    /// Arrows in normal (`[A`) and application (`OA`) cursor mode.
    static let cursor: [(sequence: String, code: Int32)] = [
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
    ]

    /// F1–F12: xterm's `OP`–`OS`, the VT220 `[11~`… forms and the Linux console's `[[A`–`[[E`.
    static let function: [(sequence: String, code: Int32)] = {
        var result: [(sequence: String, code: Int32)] = []
        for (index, letter) in ["P", "Q", "R", "S"].enumerated() {
            result.append(("\u{1B}O\(letter)", KEY_F0 + Int32(index + 1)))
        }
        for (index, letter) in ["A", "B", "C", "D", "E"].enumerated() {
            result.append(("\u{1B}[[\(letter)", KEY_F0 + Int32(index + 1)))
        }
        let numbers = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
        for (index, number) in numbers.enumerated() {
            result.append(("\u{1B}[\(number)~", KEY_F0 + Int32(index + 1)))
        }
        return result
    }()

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
