import TerminalUI

/// Sends drawing to the screen on top.
enum ScreenView {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        if let failure = state.app.sessionFailure {
            SessionFailureView.render(failure, state, in: area, frame: &frame, context: context)
            return
        }
        switch state.screen {
        case .paywall: PaywallScreen.render(state, in: area, frame: &frame, context: context)
        case .plans: PlansScreen.render(state, in: area, frame: &frame, context: context)
        case .checkout: CheckoutScreen.render(state, in: area, frame: &frame, context: context)
        case .billing: BillingScreen.render(state, in: area, frame: &frame, context: context)
        case .settings: SettingsScreen.render(state, in: area, frame: &frame, context: context)
        }
    }

    /// The status bar's hints: what the focused control takes, so a new user needs no manual.
    static func hints(_ state: TerminalState) -> [KeyHint] {
        if state.app.sessionFailure != nil { return SessionFailureView.hints }
        return switch state.screen {
        case .paywall: PaywallScreen.hints(state)
        case .plans: PlansScreen.hints(state)
        case .checkout: CheckoutScreen.hints(state)
        case .billing: BillingScreen.hints(state)
        case .settings: SettingsScreen.hints(state)
        }
    }
}
