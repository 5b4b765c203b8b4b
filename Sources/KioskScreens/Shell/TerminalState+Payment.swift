import KioskViewModels

extension TerminalState {
    /// A payment has been sent and its answer is not in yet: leaving now would not lose it (the
    /// core records it exactly once), but the person would not see how it ended, so quitting asks.
    public var isPaymentInFlight: Bool {
        guard let checkout = app.checkout else { return false }
        switch checkout.status {
        case .processing, .authenticating, .pendingApproval: return true
        case let .browser(phase):
            switch phase {
            case .creatingSession, .waiting, .reconciling: return true
            case .timedOut, .cancelled: return false
            }
        case .editing, .confirmingStorePurchase, .declined, .failed, .succeeded: return false
        }
    }
}
