import Testing
@testable import TerminalUI

/// Key codes are ncurses' ABI values (curses.h), written out so the test does not import curses.
@Suite struct KeyDecoderTests {
    static let keyCodes: [(Int32, Key)] = [
        (0o402, .down), (0o403, .up), (0o404, .left), (0o405, .right), (0o406, .home), (0o407, .backspace),
        (0o411, .function(1)), (0o424, .function(12)), (0o512, .delete), (0o513, .insert),
        (0o522, .pageDown), (0o523, .pageUp), (0o527, .enter), (0o541, .backTab), (0o550, .end),
        (0o632, .resize), (0o777, .unknown(0o777)),
    ]

    @Test(arguments: keyCodes)
    func decodesKeyCodes(code: Int32, expected: Key) {
        #expect(KeyDecoder.decode(.keyCode(code)) == expected)
    }

    static let characters: [(UInt32, Key)] = [
        (9, .tab), (10, .enter), (13, .enter), (27, .escape), (127, .backspace), (8, .backspace),
        (12, .control("l")), (3, .control("c")), (0x68, .character("h")), (0x6A, .character("j")),
        (0x20, .character(" ")), (0x4E2D, .character("中")), (0x1F600, .character("\u{1F600}")),
        (0, .unknown(0)),
    ]

    @Test(arguments: characters)
    func decodesCharacters(value: UInt32, expected: Key) {
        #expect(KeyDecoder.decode(.character(value)) == expected)
    }

    @Test func decodesMouseButtonsAndWheel() {
        let masks = MouseMasks(press: 0b10, scrollUp: 0b100, scrollDown: 0b1000)
        #expect(KeyDecoder.decodeMouse(x: 3, y: 4, buttonState: 0b10, masks: masks)
            == .mouse(MouseEvent(action: .press, position: Point(x: 3, y: 4))))
        #expect(KeyDecoder.decodeMouse(x: 0, y: 0, buttonState: 0b100, masks: masks)
            == .mouse(MouseEvent(action: .scrollUp, position: Point(x: 0, y: 0))))
        #expect(KeyDecoder.decodeMouse(x: 0, y: 0, buttonState: 0b1000, masks: masks)
            == .mouse(MouseEvent(action: .scrollDown, position: Point(x: 0, y: 0))))
        #expect(KeyDecoder.decodeMouse(x: 0, y: 0, buttonState: 0b1, masks: masks) == nil)
    }
}
