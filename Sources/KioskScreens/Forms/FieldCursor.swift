import TerminalUI

/// Edits a bound field by key and converts between the cursor kept in focus (significant
/// characters before it) and a position in the text as the view model formatted it.
enum FieldCursor {
    /// Characters of `binding.text` before the cursor: just after the `significant`-th
    /// significant character, or the end when `significant` is nil.
    static func position(of significant: Int?, in binding: FieldBinding) -> Int {
        guard let significant else { return binding.text.count }
        guard significant > 0 else { return 0 }
        var seen = 0
        for (offset, character) in binding.text.enumerated() where binding.isSignificant(character) {
            seen += 1
            if seen == significant { return offset + 1 }
        }
        return binding.text.count
    }

    /// The field after an editing key (Ctrl-U clears what is before the cursor, as in a shell), with the new cursor in significant characters; nil when
    /// the key does not edit text.
    static func edit(_ key: Key, _ binding: FieldBinding, cursor: Int?) -> (text: String, cursor: Int)? {
        var state = TextFieldState(text: binding.text, cursor: position(of: cursor, in: binding))
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
        let before = state.text.prefix(state.cursor).filter(binding.isSignificant).count
        return (state.text, before)
    }
}
