import Testing
@testable import TerminalUI
import TestSupport

@Suite struct FrameEncoderTests {
    static let size = Size(width: 20, height: 6)

    static func frame(_ lines: [(String, Int, Int, Style)]) -> Buffer {
        var buffer = Buffer(size: size)
        for (text, x, y, style) in lines { _ = buffer.write(text, x: x, y: y, style: style) }
        return buffer
    }

    static let frames: [Buffer] = [
        frame([("Plans", 0, 0, Style(foreground: .cyan, bold: true)), ("Pro €4.99", 2, 2, .plain)]),
        frame([("Plans", 0, 0, Style(foreground: .cyan, bold: true)), ("Pro €5.99", 2, 2, .plain),
               ("漢字 ok", 1, 4, Style(foreground: .indexed(208))), ("👍🏽 x", 12, 5, .plain)]),
        frame([("Billing", 0, 0, Style(foreground: .rgb(red: 10, green: 200, blue: 30), reverse: true)),
               ("a", 19, 5, Style(background: .blue, underline: true, dim: true))]),
        frame([]),
    ]

    @Test func paintsEveryFrameExactlyThroughAVTInterpreter() {
        var encoder = FrameEncoder(colorLevel: .trueColor)
        var screen = VTScreen(size: Self.size)
        for (index, buffer) in Self.frames.enumerated() {
            screen.feed(encoder.encode(buffer, cursor: index == 1 ? Point(x: 3, y: 2) : nil))
            #expect(screen.unknown.isEmpty)
            #expect(screen.cells == (0..<Self.size.height).map { y in (0..<Self.size.width).map { buffer[$0, y] } },
                    "frame \(index)")
            #expect(screen.cursorVisible == (index == 1))
            if index == 1 { #expect(screen.row == 2 && screen.column == 3) }
        }
    }

    /// A linked stretch is wrapped in an OSC 8 hyperlink, closed before the next unlinked cell;
    /// its colours are unchanged, and an address that could end the sequence is not linked.
    @Test func linkedCellsAreWrappedInAnOSC8Hyperlink() {
        let url = "https://shop.example.com/checkout/cs_1"
        var encoder = FrameEncoder(colorLevel: .ansi8)
        let bytes = encoder.encode(Self.frame([("pay", 0, 0, Style(bold: true).linked(to: url)), ("!", 3, 0, Style(bold: true))]),
                                   cursor: nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\u{1B}[0;1m\u{1B}]8;;\(url)\u{1B}\\pay\u{1B}]8;;\u{1B}\\!") || text.contains("\u{1B}]8;;\(url)\u{1B}\\\u{1B}[0;1mpay\u{1B}]8;;\u{1B}\\!"), "\(text.debugDescription)")
        #expect(text.components(separatedBy: "\u{1B}]8;;").count == 3, "one link opened and closed: \(text.debugDescription)")

        var unsafe = FrameEncoder(colorLevel: .ansi8)
        let refused = String(decoding: unsafe.encode(Self.frame([("x", 0, 0, Style.plain.linked(to: "a\u{1B}\\b"))]), cursor: nil),
                             as: UTF8.self)
        #expect(!refused.contains("a\u{1B}\\b"))
        #expect(HeadlessBackend.styledText(Self.frame([("pay", 0, 0, Style.plain.linked(to: url))])).hasPrefix("pay"),
                "the headless text ignores links")
    }

    @Test func secondFrameWritesOnlyTheChange() {
        var encoder = FrameEncoder(colorLevel: .ansi8)
        _ = encoder.encode(Self.frames[0], cursor: nil)
        var next = Self.frames[0]
        _ = next.write("5", x: 7, y: 2)
        #expect(encoder.encode(next, cursor: nil) == Array("\u{1B}[3;8H5".utf8))
        #expect(encoder.encode(next, cursor: nil).isEmpty)
    }

    /// Rows left wholly blank are skipped; a row with text is written whole (trailing blanks too).
    @Test func firstFrameClearsAndSkipsBlanks() {
        var encoder = FrameEncoder(colorLevel: .ansi8)
        let bytes = encoder.encode(Self.frame([("hi", 0, 0, .plain), ("x", 4, 1, Style(foreground: .red))]), cursor: nil)
        #expect(String(decoding: bytes, as: UTF8.self)
            == "\u{1B}[0m\u{1B}[H\u{1B}[2Jhi" + String(repeating: " ", count: 18) + "\u{1B}[2;5H\u{1B}[0;31mx\u{1B}[0m\u{1B}[?25l")
    }

    @Test func invalidateRepaintsWhole() {
        var encoder = FrameEncoder(colorLevel: .ansi8)
        _ = encoder.encode(Self.frames[0], cursor: nil)
        encoder.invalidate()
        var screen = VTScreen(size: Self.size)
        screen.cells[3][3] = Cell(text: "#")
        screen.feed(encoder.encode(Self.frames[0], cursor: nil))
        #expect(screen.cells[3][3] == .blank())
        #expect(screen.cells[0][0].text == "P")
    }

    /// Colours by level: none keeps attributes only, 8 maps to the named eight, 256 to the palette.
    @Test func coloursFollowTheLevel() {
        let style = Style(foreground: .rgb(red: 250, green: 10, blue: 10), background: .indexed(21), bold: true)
        #expect(String(decoding: FrameEncoder(colorLevel: .none).sgr(style), as: UTF8.self) == "\u{1B}[0;1m")
        #expect(String(decoding: FrameEncoder(colorLevel: .ansi8).sgr(style), as: UTF8.self) == "\u{1B}[0;1;31;44m")
        #expect(String(decoding: FrameEncoder(colorLevel: .ansi256).sgr(style), as: UTF8.self) == "\u{1B}[0;1;38;5;196;48;5;21m")
        #expect(String(decoding: FrameEncoder(colorLevel: .trueColor).sgr(style), as: UTF8.self)
            == "\u{1B}[0;1;38;2;250;10;10;48;5;21m")
    }

    @Test func profileDecidesTheLevel() {
        let size = Size(width: 80, height: 24)
        #expect(TerminalProfile(term: "xterm-256color", colorTerm: "truecolor", size: size).colorLevel == .trueColor)
        #expect(TerminalProfile(term: "xterm-256color", size: size).colorLevel == .ansi256)
        #expect(TerminalProfile(term: "xterm", size: size).colorLevel == .ansi8)
        #expect(TerminalProfile(term: "xterm-256color", noColor: "1", size: size).colorLevel == .none)
        #expect(TerminalProfile(term: "dumb", size: size).colorLevel == .none)
    }
}
