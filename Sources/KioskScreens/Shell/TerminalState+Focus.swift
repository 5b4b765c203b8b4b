extension TerminalState {
    /// Moves focus to a control of the screen on top (only line screens have focusable controls).
    mutating func focus(_ id: String) {
        switch screen {
        case .checkout: checkout.form.move(to: id)
        case .settings: settings.form.move(to: id)
        case .paywall, .plans, .billing: break
        }
    }
}
