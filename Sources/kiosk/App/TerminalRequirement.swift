/// What `kiosk run` needs of the terminal before curses starts: a `TERM` that can place the
/// cursor. Under `TERM=dumb` (Emacs shell buffers, some CI logs) or with no `TERM`, curses would
/// print only the key line, so the command says so and how to run it instead.
enum TerminalRequirement {
    /// Why the storefront cannot be drawn here, nil when it can.
    static func problem(_ environment: [String: String]) -> String? {
        let term = environment["TERM"] ?? ""
        guard term.isEmpty || term == "dumb" else { return nil }
        let which = term.isEmpty ? "TERM is not set" : "TERM=dumb"
        return """
            kiosk: this terminal cannot draw the storefront (\(which): it cannot move the cursor).
            Run it in a full terminal (for example: TERM=xterm-256color kiosk run), or use \
            `kiosk status` or `kiosk run --dump` for text.
            """
    }
}
