/// Connects a drawn text field to the app's state: the text it holds and the action that
/// replaces it. Characters the app may reformat around (the spaces of a grouped card number)
/// are not "significant", so the cursor is kept as a count of significant characters, and an
/// edit converts between that count and a position in the text as the app formatted it.
public struct FieldBinding<Action: Sendable>: Sendable {
    public var text: String
    public var isSignificant: @Sendable (Character) -> Bool
    public var change: @Sendable (String) -> Action

    public init(text: String, isSignificant: @escaping @Sendable (Character) -> Bool = { _ in true },
                change: @escaping @Sendable (String) -> Action) {
        self.text = text
        self.isSignificant = isSignificant
        self.change = change
    }

    public static var digitsOnly: @Sendable (Character) -> Bool { { $0.isASCII && $0.isNumber } }

    /// Characters of `text` before the cursor: just after the `significant`-th significant
    /// character, or the end when `significant` is nil.
    public func position(of significant: Int?) -> Int {
        guard let significant else { return text.count }
        guard significant > 0 else { return 0 }
        var seen = 0
        for (offset, character) in text.enumerated() where isSignificant(character) {
            seen += 1
            if seen == significant { return offset + 1 }
        }
        return text.count
    }

    /// The field after an editing key (Ctrl-U clears what is before the cursor, as in a shell),
    /// with the new cursor in significant characters; nil when the key does not edit text.
    public func edit(_ key: Key, cursor: Int?) -> (text: String, cursor: Int)? {
        var state = TextFieldState(text: text, cursor: position(of: cursor))
        switch key {
        case let .character(character): state.insert(character)
        case .backspace: state.deleteBackward()
        case .delete: state.deleteForward()
        case .left: state.moveLeft()
        case .right: state.moveRight()
        case .home: state.moveToStart()
        case .end: state.moveToEnd()
        case .control("u"):
            while state.cursor > 0 { state.deleteBackward() }
        default: return nil
        }
        let before = state.text.prefix(state.cursor).filter(isSignificant).count
        return (state.text, before)
    }
}
