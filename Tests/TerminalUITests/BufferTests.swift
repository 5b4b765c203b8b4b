import Testing
@testable import TerminalUI

@Suite struct BufferTests {
    @Test func wideGlyphTakesLeadAndContinuationCells() {
        var buffer = Buffer(width: 6, height: 1)
        let end = buffer.write("a中b", x: 0, y: 0)
        #expect(end == 4)
        #expect(buffer[1, 0].text == "中")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].text == "b")
        #expect(HeadlessBackend.lines(buffer) == ["a中b"])
    }

    @Test func wideGlyphAtRightEdgeBecomesSpace() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("abc中", x: 0, y: 0)
        #expect(buffer[3, 0] == Cell.blank())
        #expect(HeadlessBackend.lines(buffer) == ["abc"])
    }

    @Test func wideGlyphAtClipEdgeBecomesSpaceAndDoesNotLeak() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.write("xxxxxx", x: 0, y: 0)
        buffer.write("a中", x: 1, y: 0, clip: Rect(x: 1, y: 0, width: 2, height: 1))
        #expect(HeadlessBackend.lines(buffer) == ["xa xxx"])
    }

    @Test func overwritingContinuationHalfClearsLead() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("中文", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(HeadlessBackend.lines(buffer) == [" x文"])
        #expect(!buffer[0, 0].isContinuation)
    }

    @Test func overwritingLeadHalfClearsContinuation() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("中文", x: 0, y: 0)
        buffer.write("y", x: 2, y: 0)
        #expect(HeadlessBackend.lines(buffer) == ["中y"])
        #expect(buffer[3, 0] == Cell.blank())
    }

    @Test func wideGlyphOverlappingTwoWideGlyphsClearsBothOuterHalves() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("中文", x: 0, y: 0)
        buffer.write("日", x: 1, y: 0)
        #expect(HeadlessBackend.lines(buffer) == [" 日"])
        #expect(buffer[3, 0] == Cell.blank())
    }

    @Test func writingClipsAtEveryEdge() {
        var buffer = Buffer(width: 5, height: 2)
        buffer.write("hello world", x: 2, y: 0)
        buffer.write("abc", x: -1, y: 1)
        buffer.write("never", x: 0, y: 2)
        buffer.write("never", x: 0, y: -1)
        #expect(HeadlessBackend.lines(buffer) == ["  hel", "bc"])
    }

    @Test func wideGlyphCutByLeftClipLeavesBlank() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.write("....", x: 0, y: 0)
        buffer.write("中ab", x: 0, y: 0, clip: Rect(x: 1, y: 0, width: 3, height: 1))
        #expect(HeadlessBackend.lines(buffer) == [". ab"])
    }

    @Test func emojiSequencesOccupyTwoCells() {
        var buffer = Buffer(width: 8, height: 1)
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let end = buffer.write("\(family)\u{1F1EF}\u{1F1F5}\u{2764}\u{FE0F}", x: 0, y: 0)
        #expect(end == 6)
        #expect(buffer[1, 0].isContinuation && buffer[3, 0].isContinuation && buffer[5, 0].isContinuation)
    }

    @Test func combiningMarkStaysInOneCell() {
        var buffer = Buffer(width: 4, height: 1)
        #expect(buffer.write("e\u{301}x", x: 0, y: 0) == 2)
        #expect(buffer[0, 0].text == "e\u{301}")
    }

    @Test func styledTextMarksStyledStretches() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.write("ok", x: 0, y: 0, style: Style(foreground: .green, bold: true))
        buffer.write("sel", x: 3, y: 0, style: Style(reverse: true))
        #expect(HeadlessBackend.styledText(buffer) == "<b fg=green>ok</> <r>sel</>")
    }
}
