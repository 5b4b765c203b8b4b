import TerminalUI

/// Sends drawing to the screen on top.
enum ScreenView {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        switch state.screen {
        case .paywall: PaywallScreen.render(state, in: area, frame: &frame, context: context)
        case .plans: PlansScreen.render(state, in: area, frame: &frame, context: context)
        case .checkout: CheckoutScreen.render(state, in: area, frame: &frame, context: context)
        case .billing: BillingScreen.render(state, in: area, frame: &frame, context: context)
        case .settings: SettingsScreen.render(state, in: area, frame: &frame, context: context)
        }
    }
}
