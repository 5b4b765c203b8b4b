import KioskScreens
import SnapshotTesting
import TerminalUI
import Testing

extension ScreenDriver {
    /// The screen drawn with `context`, whatever the driver was made with.
    func screen(_ context: RenderContext, styled: Bool) -> String {
        let buffer = AppView.render(state, context: context).buffer
        return styled ? HeadlessBackend.styledText(buffer) : HeadlessBackend.plainText(buffer)
    }

    /// Snapshots `shown` (the driver's state unless given) at 80x24, 120x40 and 60x20 as plain
    /// text, at 80x24 in colour and in monochrome with style markers, and in accessible mode.
    func assertScreens(named name: String, _ shown: TerminalState? = nil, fileID: StaticString = #fileID,
                       file: StaticString = #filePath, testName: String = #function, line: UInt = #line,
                       column: UInt = #column) {
        let accessible = RenderContext(theme: .monochrome, glyphs: .ascii, isAccessible: true)
        var state = shown ?? self.state
        func draw(_ width: Int, _ height: Int, _ context: RenderContext, styled: Bool) -> String {
            state.size = Size(width: width, height: height)
            let buffer = AppView.render(state, context: context).buffer
            return styled ? HeadlessBackend.styledText(buffer) : HeadlessBackend.plainText(buffer)
        }
        let shots = [
            ("\(name).80x24", draw(80, 24, .monochrome, styled: false)),
            ("\(name).120x40", draw(120, 40, .monochrome, styled: false)),
            ("\(name).60x20", draw(60, 20, .monochrome, styled: false)),
            ("\(name).colour", draw(80, 24, .standard, styled: true)),
            ("\(name).monochrome", draw(80, 24, .monochrome, styled: true)),
            ("\(name).accessible", draw(80, 24, accessible, styled: false)),
        ]
        for (shotName, text) in shots {
            assertSnapshot(of: text, as: .lines, named: shotName, fileID: fileID, file: file, testName: testName,
                           line: line, column: column)
        }
    }
}
