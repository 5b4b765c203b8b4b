import KioskViewModels

/// Sentences the paywall shows in both layouts.
enum PaywallWording {
    /// "Your plan: Pro from Season pass, until Apr 1, 2026.", nil on the free plan (the pitch is for it).
    static func status(_ content: PaywallContent) -> String? {
        content.plan.basis == .free ? nil : "Your plan: \(PlanStandingWording.standing(content.plan))."
    }

    /// What Enter does, for the button and the key hint.
    static func callToAction(_ paywall: PaywallState) -> String {
        paywall.callToAction?.title ?? "Continue"
    }

    static let restoreLabel = "r Restore purchases"
}
