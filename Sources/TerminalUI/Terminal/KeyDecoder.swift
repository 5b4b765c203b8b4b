import CNCurses

/// Maps raw curses input to `Key`. Pure, so every mapping is tested without a terminal.
public enum KeyDecoder {
    public static func decode(_ input: RawInput) -> Key {
        switch input {
        case .character(let value): decodeCharacter(value)
        case .keyCode(let code): decodeKeyCode(code)
        }
    }

    /// Mouse masks come from the shim, since the `BUTTON*` macros do not import; taking them as
    /// values keeps this function pure.
    public static func decodeMouse(x: Int, y: Int, buttonState: UInt, masks: MouseMasks) -> Key? {
        let position = Point(x: x, y: y)
        if buttonState & masks.scrollUp != 0 { return .mouse(MouseEvent(action: .scrollUp, position: position)) }
        if buttonState & masks.scrollDown != 0 { return .mouse(MouseEvent(action: .scrollDown, position: position)) }
        if buttonState & masks.press != 0 { return .mouse(MouseEvent(action: .press, position: position)) }
        return nil
    }

    /// Characters below 0x80 mean what they mean in a byte stream (`InputDecoder`).
    private static func decodeCharacter(_ value: UInt32) -> Key {
        if value < 0x80 { return InputDecoder.plainKey([UInt8(value)][...])?.0 ?? .unknown(Int32(value)) }
        guard let scalar = Unicode.Scalar(value) else { return .unknown(Int32(bitPattern: value)) }
        return .character(Character(scalar))
    }

    /// Curses key codes and the keys they are; F1–F63 are `KEY_F0` + n.
    private static let keyCodes: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right, KEY_BTAB: .backTab, KEY_ENTER: .enter,
        KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_IC: .insert, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
        KEY_HOME: .home, KEY_END: .end, KEY_RESIZE: .resize,
    ]

    private static func decodeKeyCode(_ code: Int32) -> Key {
        if let key = keyCodes[code] { return key }
        return (KEY_F0 + 1)...(KEY_F0 + 63) ~= code ? .function(Int(code - KEY_F0)) : .unknown(code)
    }

    /// The curses key code of `key`, nil when it has none.
    static func code(of key: Key) -> Int32? {
        if case let .function(number) = key { return KEY_F0 + Int32(number) }
        return keyCodes.first { $0.value == key }?.key
    }
}
