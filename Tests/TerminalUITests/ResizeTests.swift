import Testing
@testable import TerminalUI

/// One layout drawn at two terminal sizes: splits, not fixed offsets, must move every part.
@Suite struct ResizeTests {
    func frame(_ size: Size) -> Buffer {
        var buffer = Buffer(size: size)
        let parts = buffer.area.rows([.fixed(1), .fill(), .fixed(1)])
        let panel = Panel(title: "Invoices", glyphs: .ascii)
        panel.render(in: parts[1], buffer: &buffer)
        let table = Table(
            columns: [TableColumn("Invoice", width: .flex(1)), TableColumn("Amount", width: .fixed(8), alignment: .trailing)],
            rows: (1...40).map { ["INV-\($0) Pro monthly renewal", "$9.99"] }, glyphs: .ascii
        )
        table.render(in: panel.inner(parts[1]), buffer: &buffer)
        StatusBar(hints: [KeyHint(key: "q", action: "quit")]).render(in: parts[2], buffer: &buffer)
        return buffer
    }

    @Test func layoutFollowsTheTerminalSize() {
        let large = HeadlessBackend.lines(frame(Size(width: 80, height: 24)))
        let small = HeadlessBackend.lines(frame(Size(width: 60, height: 20)))
        #expect(large.count == 24 && small.count == 20)
        #expect(large[1] == "+ Invoices " + String(repeating: "-", count: 68) + "+")
        #expect(small[1] == "+ Invoices " + String(repeating: "-", count: 48) + "+")
        #expect(large[2] == "|Invoice" + String(repeating: " ", count: 63) + "  Amount|")
        #expect(small[3] == "|INV-1 Pro monthly renewal" + String(repeating: " ", count: 25) + "   $9.99|")
        #expect(large[21] == "|INV-19 Pro monthly renewal" + String(repeating: " ", count: 44) + "   $9.99|")
        #expect(small[17] == "|INV-15 Pro monthly renewal" + String(repeating: " ", count: 24) + "   $9.99|")
        #expect(large[22] == "+" + String(repeating: "-", count: 78) + "+")
        #expect(small[18] == "+" + String(repeating: "-", count: 58) + "+")
        #expect(large[23] == "q quit" && small[23 - 4] == "q quit")
    }

    @Test func narrowTerminalTruncatesWithEllipsis() {
        let lines = HeadlessBackend.lines(frame(Size(width: 30, height: 6)))
        #expect(lines[3] == "|INV-1 Pro monthl...    $9.99|")
    }

    @Test func resizeRepaintsEverything() {
        let next = frame(Size(width: 60, height: 20))
        #expect(BufferDiff.runs(from: frame(Size(width: 80, height: 24)), to: next) == BufferDiff.runs(from: nil, to: next))
    }
}
