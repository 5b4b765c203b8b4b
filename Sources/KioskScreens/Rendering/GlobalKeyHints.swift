import KioskViewModels
import TerminalUI

/// The keys that work on every screen, shown at the right of every footer: back (when there is
/// somewhere to go back to), tabs, help and quit. Left out while a question waits for y/n, and
/// all but back while a text field has focus (letters and digits type there).
enum GlobalKeyHints {
    static func hints(_ state: TerminalState) -> [KeyHint] {
        if state.isConfirmingQuit || state.app.isHelpShown || state.app.confirmation != nil || isStoreSheetShown(state) {
            return []
        }
        let screenHints = ScreenView.hints(state)
        var hints: [KeyHint] = []
        if state.app.canGoBack, !screenHints.contains(where: { $0.key == "Esc" }) {
            hints.append(KeyHint(key: "Esc", action: "Back"))
        }
        if state.isTypingInForm { return hints }
        if !state.isPaymentInFlight, !CheckoutKeys.digitsPickCards(state) { hints.append(KeyHint(key: "1-4", action: "Tabs")) }
        hints += [KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        return hints
    }

    private static func isStoreSheetShown(_ state: TerminalState) -> Bool {
        state.app.checkout?.status == .confirmingStorePurchase
    }
}
