import Testing
@testable import TerminalUI

/// One cell for one cell: a stand-in keeps every column where it was measured.
@Suite struct BufferASCIITests {
    @Test func knownSignsGetTheirStandInsAndTheRestAQuestionMark() {
        var buffer = Buffer(width: 12, height: 1)
        _ = buffer.write("✓ a·b → 界!", x: 0, y: 0)
        buffer.transliterateToASCII()
        #expect(HeadlessBackend.plainText(buffer) == "+ a-b > ? !")
        #expect(buffer.cells.allSatisfy { !$0.isContinuation && $0.text.allSatisfy(\.isASCII) })
    }
}
