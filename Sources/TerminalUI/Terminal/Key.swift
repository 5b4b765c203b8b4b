/// A decoded key press. Letters such as `h`, `j`, `k`, `l` stay characters: whether they move is
/// the app's decision (they must still type into a text field).
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right
    case tab, backTab, enter, escape, backspace, delete, insert
    case pageUp, pageDown, home, end
    case function(Int)
    /// Ctrl with a letter, e.g. `.control("l")` to redraw; Ctrl-I, Ctrl-M and Ctrl-H arrive as
    /// Tab, Enter and Backspace because terminals send the same bytes.
    case control(Character)
    case resize
    case mouse(MouseEvent)
    case unknown(Int32)
}
