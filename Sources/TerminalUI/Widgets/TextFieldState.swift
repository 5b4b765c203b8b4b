/// The editable value of a text field. The cursor counts grapheme clusters, so Backspace
/// removes a whole emoji or an accented letter, never half of one.
public struct TextFieldState: Sendable, Hashable {
    public private(set) var text: String
    /// Characters before the cursor, in `0...text.count`.
    public private(set) var cursor: Int

    public init(text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = Swift.min(Swift.max(0, cursor ?? text.count), text.count)
    }

    /// A combining mark typed after a letter joins that letter's cluster, so the cursor is
    /// recounted from the text rather than advanced by one.
    public mutating func insert(_ character: Character) {
        let split = index(cursor)
        let before = String(text[..<split]) + String(character)
        text = before + text[split...]
        cursor = Swift.min(before.count, text.count)
    }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: index(cursor - 1))
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(cursor))
    }

    public mutating func moveLeft() { cursor = Swift.max(0, cursor - 1) }
    public mutating func moveRight() { cursor = Swift.min(text.count, cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = text.count }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}
