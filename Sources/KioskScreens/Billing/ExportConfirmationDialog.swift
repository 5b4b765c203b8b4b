import KioskViewModels
import TerminalUI

/// "Replace invoices.csv?" over the billing history when an export would overwrite a file:
/// `y`, Enter or its button replaces it, `n`, Esc or a click anywhere else keeps it.
enum ExportConfirmationDialog {
    static func render(_ confirmation: Confirmation, in area: Rect, frame: inout Frame, context: RenderContext) {
        frame.addHit(area, .app(.billing(.dismissConfirmation)))
        if context.isAccessible {
            frame.buffer.fill(area, with: .blank(context.theme.base))
            var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
            cursor.line("Question: \(confirmation.title)", style: context.theme.title, buffer: &frame.buffer)
            cursor.wrapped(confirmation.message, buffer: &frame.buffer)
            if let row = cursor.line("Press y to \(confirmation.confirmTitle.lowercased()).", buffer: &frame.buffer) {
                frame.addHit(row, .app(.billing(.confirmTapped)))
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
            frame.addHit(frames[0], .app(.billing(.confirmTapped)))
            frame.addHit(frames[1], .app(.billing(.dismissConfirmation)))
        }
    }

    /// While the question is open only its answers do anything.
    static func handle(_ key: Key) -> Effect<TerminalAction> {
        switch key {
        case .character("y"), .character("Y"), .enter: .send(.app(.billing(.confirmTapped)))
        case .character("n"), .character("N"), .escape, .backspace: .send(.app(.billing(.dismissConfirmation)))
        default: .none
        }
    }

    static func hints(_ confirmation: Confirmation) -> [KeyHint] {
        [KeyHint(key: "y", action: confirmation.confirmTitle), KeyHint(key: "n", action: confirmation.cancelTitle)]
    }
}
