import KioskViewModels
import TerminalUI

/// Every key of the screen on top and the global ones, in a box over the content; scrolls when
/// the terminal is too short to show them all.
enum HelpOverlay {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let keys = (state.app.helpKeys + TerminalState.terminalKeys).listingEachKeyOnce
        let keyWidth = keys.map { DisplayWidth.of($0.key) }.max() ?? 0
        let lines = keys.map { $0.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  " + $0.description }
        let width = min(area.width - 4, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        let box = area.centered(Size(width: width, height: min(area.height - 2, lines.count + 2)))
        frame.buffer.fill(box, with: .blank(context.theme.base))
        let panel = Panel(title: "Keys", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: box, buffer: &frame.buffer)
        let inner = panel.inner(box).inset(horizontal: 1, vertical: 0)
        let offset = min(state.helpOffset, max(0, lines.count - inner.height))
        for (row, line) in lines.dropFirst(offset).prefix(inner.height).enumerated() {
            frame.buffer.write(line, x: inner.x, y: inner.y + row, style: context.theme.base, clip: inner)
        }
        frame.addHit(box, .app(.toggleHelp))
    }
}
