/// One thing the byte decoder recognised.
public enum DecodedInput: Sendable, Hashable {
    case key(Key)
    /// A key typed with Alt (sent as Esc then the key). No screen binds Alt, so hosts drop it
    /// rather than mistake it for Esc followed by a shortcut.
    case alt(Key)
    /// Text between bracketed-paste markers: text to insert, never shortcuts.
    case paste(String)
}
