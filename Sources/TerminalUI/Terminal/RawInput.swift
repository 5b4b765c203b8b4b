/// What `wget_wch` returned: a character, or a key code when it reported `KEY_CODE_YES`.
public enum RawInput: Sendable, Hashable {
    case character(UInt32)
    case keyCode(Int32)
}
