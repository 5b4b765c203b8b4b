import KioskViewModels
import TerminalUI

/// Asked before quitting while a payment is in flight, saying what happens to it after.
enum QuitDialog {
    static func message(_ state: TerminalState) -> String {
        switch state.app.checkout?.status {
        case .browser?:
            "The checkout page stays open in your browser: if you pay there, the purchase is recorded and shows in Billing next time. Quit now?"
        case .pendingApproval?:
            "The purchase waits for approval: once approved it is recorded and shows in Billing next time. Quit now?"
        default:
            "A payment is in progress. It will finish on its own and show in Billing next time. Quit now?"
        }
    }

    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let dialog = Dialog(title: "Quit Kiosk?", message: message(state), buttons: ["y Quit", "n Stay"], focusedButton: 1,
                            theme: context.theme, glyphs: context.glyphs)
        dialog.render(in: area, buffer: &frame.buffer)
        frame.addHit(area, .key(.character("n")))
    }
}
