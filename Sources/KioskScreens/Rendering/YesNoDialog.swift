import KioskViewModels
import TerminalUI

/// A screen's yes/no question (change plan, replace an export): `y`, Enter or the first button
/// confirms; `n`, Esc or a click anywhere else keeps things as they are. Each screen passes the
/// actions its own view model takes.
struct YesNoDialog {
    var confirmation: Confirmation
    var confirm: TerminalAction
    var dismiss: TerminalAction

    func render(in area: Rect, frame: inout Frame, context: RenderContext) {
        frame.addHit(area, dismiss)
        if context.isAccessible {
            frame.buffer.fill(area, with: .blank(context.theme.base))
            var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
            cursor.line("Question: \(confirmation.title)", style: context.theme.title, buffer: &frame.buffer)
            cursor.wrapped(confirmation.message, buffer: &frame.buffer)
            if let row = cursor.line("Press y to \(confirmation.confirmTitle.lowercased()).", buffer: &frame.buffer) {
                frame.addHit(row, confirm)
            }
            cursor.line("Press n or Esc to \(confirmation.cancelTitle.lowercased()).", buffer: &frame.buffer)
            return
        }
        let dialog = Dialog(title: confirmation.title, message: confirmation.message,
                            buttons: ["y \(confirmation.confirmTitle)", "n \(confirmation.cancelTitle)"], focusedButton: 0,
                            theme: context.theme, glyphs: context.glyphs)
        frame.buffer.fill(dialog.frame(in: area), with: .blank(context.theme.base))
        dialog.render(in: area, buffer: &frame.buffer)
        let frames = dialog.buttonFrames(in: area)
        if frames.count == 2 {
            frame.addHit(frames[0], confirm)
            frame.addHit(frames[1], dismiss)
        }
    }

    /// While the question is open only its answers do anything.
    func handle(_ key: Key) -> Effect<TerminalAction> {
        switch key {
        case .character("y"), .character("Y"), .enter: .send(confirm)
        case .character("n"), .character("N"), .escape, .backspace: .send(dismiss)
        default: .none
        }
    }

    var hints: [KeyHint] {
        [KeyHint(key: "y", action: confirmation.confirmTitle), KeyHint(key: "n", action: confirmation.cancelTitle)]
    }
}
