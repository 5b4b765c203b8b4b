import KioskViewModels
import TerminalUI

/// The plan change question over the plan screen: `y` or its button confirms, `n`, Esc or a
/// click anywhere else keeps the current plan.
enum PlanConfirmationDialog {
    static func render(_ confirmation: Confirmation, in area: Rect, frame: inout Frame, context: RenderContext) {
        let buttons = ["y \(confirmation.confirmTitle)", "n \(confirmation.cancelTitle)"]
        frame.addHit(area, .app(.plans(.dismissConfirmation)))
        if context.isAccessible {
            frame.buffer.fill(area, with: .blank(context.theme.base))
            var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
            cursor.line("Question: \(confirmation.title)", style: context.theme.title, buffer: &frame.buffer)
            cursor.wrapped(confirmation.message, buffer: &frame.buffer)
            if let row = cursor.line("Press y to \(confirmation.confirmTitle.lowercased()).", buffer: &frame.buffer) {
                frame.addHit(row, .app(.plans(.confirmTapped)))
            }
            cursor.line("Press n or Esc to \(confirmation.cancelTitle.lowercased()).", buffer: &frame.buffer)
            return
        }
        let dialog = Dialog(title: confirmation.title, message: confirmation.message, buttons: buttons, focusedButton: 0,
                            theme: context.theme, glyphs: context.glyphs)
        frame.buffer.fill(dialog.frame(in: area), with: .blank(context.theme.base))
        dialog.render(in: area, buffer: &frame.buffer)
        let frames = dialog.buttonFrames(in: area)
        if frames.count == 2 {
            frame.addHit(frames[0], .app(.plans(.confirmTapped)))
            frame.addHit(frames[1], .app(.plans(.dismissConfirmation)))
        }
    }
}
