/// One of the checkout's status buttons and the letter that presses it ("a" approves a 3-D
/// Secure challenge), listed in the status bar. Close and Cancel have no letter: Esc does that.
struct CheckoutShortcut: Sendable {
    var key: Character?
    var label: String
    var action: TerminalAction
}
