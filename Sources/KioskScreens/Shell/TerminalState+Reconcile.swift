extension TerminalState {
    /// After the app's state changed, each screen's focus and scroll positions are brought back
    /// in range (a list shrank, a checkout was pushed or popped).
    mutating func reconcileUI() {
        PaywallScreen.reconcile(&self)
        PlansScreen.reconcile(&self)
        CheckoutScreen.reconcile(&self)
        BillingScreen.reconcile(&self)
        SettingsScreen.reconcile(&self)
    }
}
