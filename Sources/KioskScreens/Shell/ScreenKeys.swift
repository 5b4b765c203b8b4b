import KioskViewModels
import TerminalUI

/// Offers a key to the screen on top; nil means the screen left it to the global keys.
enum ScreenKeys {
    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        if state.app.sessionFailure != nil { return SessionFailureView.handle(key, state) }
        return switch state.screen {
        case .paywall: PaywallScreen.handle(key, &state)
        case .plans: PlansScreen.handle(key, &state)
        case .checkout: CheckoutScreen.handle(key, &state)
        case .billing: BillingScreen.handle(key, &state)
        case .settings: SettingsScreen.handle(key, &state)
        }
    }
}
