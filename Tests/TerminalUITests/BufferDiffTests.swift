import Testing
@testable import TerminalUI

@Suite struct BufferDiffTests {
    func sample() -> Buffer {
        var buffer = Buffer(width: 10, height: 3)
        buffer.write("Plans", x: 0, y: 0, style: Style(bold: true))
        buffer.write("中文 ok", x: 1, y: 1)
        return buffer
    }

    @Test func unchangedBufferProducesNoRuns() {
        #expect(BufferDiff.runs(from: sample(), to: sample()).isEmpty)
    }

    @Test func oneChangedCellProducesOneRun() {
        var next = sample()
        next.write("X", x: 8, y: 2)
        #expect(BufferDiff.runs(from: sample(), to: next) == [DiffRun(row: 2, column: 8, text: "X", style: .plain)])
    }

    @Test func adjacentChangesWithOneStyleMergeAndStyleChangeSplits() {
        var next = sample()
        next.write("ab", x: 0, y: 2)
        next.write("c", x: 2, y: 2, style: Style(reverse: true))
        #expect(BufferDiff.runs(from: sample(), to: next) == [
            DiffRun(row: 2, column: 0, text: "ab", style: .plain),
            DiffRun(row: 2, column: 2, text: "c", style: Style(reverse: true)),
        ])
    }

    @Test func replacingWideGlyphRepaintsBothColumns() {
        var next = sample()
        next.write("ab", x: 1, y: 1)
        #expect(BufferDiff.runs(from: sample(), to: next) == [DiffRun(row: 1, column: 1, text: "ab", style: .plain)])
    }

    @Test func narrowToWideRunCarriesTheWideGlyphOnce() {
        var next = sample()
        next.write("日", x: 6, y: 1)
        #expect(BufferDiff.runs(from: sample(), to: next) == [DiffRun(row: 1, column: 6, text: "日", style: .plain)])
    }

    @Test func firstFrameOrResizePaintsEveryRow() {
        let runs = BufferDiff.runs(from: nil, to: sample())
        #expect(runs.map(\.row) == [0, 0, 1, 2])
        let resized = BufferDiff.runs(from: Buffer(width: 4, height: 3), to: sample())
        #expect(resized == runs)
    }
}
