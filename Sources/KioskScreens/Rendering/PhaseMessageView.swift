import KioskViewModels
import PaymentsCore
import TerminalUI

/// A screen that has nothing to list yet (loading, failed, empty): a titled box with what is
/// going on and, when there is something to do about it, one clickable button.
struct PhaseMessageView {
    var title: String
    var lines: [String]
    var style: KeyPath<TerminalUI.Theme, Style> = \.base
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

    /// A screen whose content could not be loaded: what failed, why, where the way out is, and a
    /// retry button on `r`.
    static func failure(title: String, what: String, error: ScreenError, retry: TerminalAction) -> PhaseMessageView {
        PhaseMessageView(title: title, lines: [what] + explanation(error), style: \.error, button: ("r Retry", retry))
    }

    /// The error's message, and when the way out is on another screen, where to find it: a store
    /// opened with several accounts and nobody signed in is the common case.
    static func explanation(_ error: ScreenError) -> [String] {
        guard error.paymentsError == .notSignedIn else { return [error.message] }
        return ["Nobody is signed in.", "Press 4 for Settings, then Accounts, to sign in or create an account."]
    }
}
