/// A letter that presses one of the checkout's status buttons ("a" approves a 3-D Secure
/// challenge), listed in the status bar.
struct CheckoutShortcut: Sendable {
    var key: Character
    var label: String
    var action: TerminalAction
}
