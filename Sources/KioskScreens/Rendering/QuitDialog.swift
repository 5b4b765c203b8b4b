import TerminalUI

/// Asked before quitting while a payment is in flight.
enum QuitDialog {
    static let dialogMessage = "A payment is in progress. It will finish on its own and show in Billing next time. Quit now?"

    static func render(in area: Rect, frame: inout Frame, context: RenderContext) {
        let dialog = Dialog(title: "Quit Kiosk?", message: dialogMessage, buttons: ["y Quit", "n Stay"], focusedButton: 1,
                            theme: context.theme, glyphs: context.glyphs)
        dialog.render(in: area, buffer: &frame.buffer)
        frame.addHit(area, .key(.character("n")))
    }
}
