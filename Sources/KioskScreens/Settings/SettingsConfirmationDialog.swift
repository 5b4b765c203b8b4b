import KioskViewModels
import TerminalUI

/// The settings' confirmation (refund, remove a card, sign out) as a modal over the screen:
/// y or the first button confirms, n, Esc or the second keeps things as they are.
enum SettingsConfirmationDialog {
    static func render(_ confirmation: Confirmation, focusedButton: Int, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        let dialog = Dialog(title: confirmation.title, message: confirmation.message,
                            buttons: ["y \(confirmation.confirmTitle)", "n \(confirmation.cancelTitle)"],
                            focusedButton: focusedButton, theme: context.theme, glyphs: context.glyphs)
        frame.buffer.fill(dialog.frame(in: area), with: .blank(context.theme.base))
        dialog.render(in: area, buffer: &frame.buffer)
        // A modal: clicks beside it must not reach the screen underneath.
        frame.addHit(area, .key(.unknown(0)))
        let actions: [TerminalAction] = [.app(.settings(.confirmTapped)), .app(.settings(.dismissConfirmation))]
        for (rect, action) in zip(dialog.buttonFrames(in: area), actions) { frame.addHit(rect, action) }
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction> {
        switch key {
        case .character("y"), .character("Y"):
            return .send(.app(.settings(.confirmTapped)))
        case .character("n"), .character("N"), .escape, .backspace:
            return .send(.app(.settings(.dismissConfirmation)))
        case .enter:
            return .send(.app(.settings(state.settings.confirmationButton == 0 ? .confirmTapped : .dismissConfirmation)))
        case .tab, .backTab, .left, .right, .character("h"), .character("l"):
            state.settings.confirmationButton = 1 - state.settings.confirmationButton
            return .none
        default:
            return .none
        }
    }

    static func hints(_ confirmation: Confirmation) -> [KeyHint] {
        [KeyHint(key: "y", action: confirmation.confirmTitle), KeyHint(key: "n", action: confirmation.cancelTitle),
         KeyHint(key: "Tab", action: "Switch button")]
    }
}
