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

    private static func decodeCharacter(_ value: UInt32) -> Key {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            guard let letter = Unicode.Scalar(value + 96) else { return .unknown(Int32(value)) }
            return .control(Character(letter))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return .unknown(Int32(bitPattern: value)) }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return .unknown(code)
        }
    }
}
