import KioskViewModels

extension TerminalState {
    /// Keys the terminal itself handles, listed in the help overlay beside the app's.
    public static let terminalKeys = [
        KeyHelp("PgUp/PgDn", "Page through lists"), KeyHelp("Home/End", "First or last item"),
        KeyHelp("Ctrl-L", "Redraw the screen"), KeyHelp("Ctrl-Z", "Suspend"), KeyHelp("Ctrl-C", "Quit at once"),
    ]
}
