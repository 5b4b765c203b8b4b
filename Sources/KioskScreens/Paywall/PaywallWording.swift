import KioskViewModels

/// Sentences the paywall shows in both layouts.
enum PaywallWording {
    /// "You have Pro: active, renews Feb 1, 2026."
    static func status(_ status: PremiumStatus) -> String {
        let when: String = if let date = status.date {
            status.willRenew ? ", renews \(DateWording.day(date))" : ", until \(DateWording.day(date))"
        } else {
            ", lifetime access"
        }
        return "You have \(status.planName): \(status.stateWords)\(when)."
    }

    /// What Enter does, for the button and the key hint.
    static func callToAction(_ paywall: PaywallState) -> String {
        paywall.callToAction?.title ?? "Continue"
    }

    static let restoreLabel = "r Restore purchases"
}
