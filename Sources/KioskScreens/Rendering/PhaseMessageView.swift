import TerminalUI

/// A screen that has nothing to list yet (loading, failed, empty): a titled box with what is
/// going on and, when there is something to do about it, one clickable button.
struct PhaseMessageView {
    var title: String
    var lines: [String]
    var style: KeyPath<Theme, Style> = \.base
    var button: (label: String, action: TerminalAction)?

    func render(in area: Rect, frame: inout Frame, context: RenderContext) {
        let content: Rect
        if context.isAccessible {
            content = area
        } else {
            let panel = Panel(title: title, theme: context.theme, glyphs: context.glyphs)
            panel.render(in: area, buffer: &frame.buffer)
            content = panel.inner(area).inset(horizontal: 1, vertical: 1)
        }
        var cursor = LineCursor(area: content, ellipsis: context.glyphs.ellipsis)
        if context.isAccessible { cursor.line("\(title).", style: context.theme.title, buffer: &frame.buffer) }
        for line in lines {
            cursor.wrapped(line, style: context.theme[keyPath: style], buffer: &frame.buffer)
        }
        guard let button else { return }
        cursor.gap()
        let widget = Button(button.label, isFocused: true, theme: context.theme, glyphs: context.glyphs)
        let row = cursor.take(1)
        widget.render(in: row, buffer: &frame.buffer)
        frame.addHit(Rect(x: row.x, y: row.y, width: min(widget.width, row.width), height: 1), button.action)
    }
}
