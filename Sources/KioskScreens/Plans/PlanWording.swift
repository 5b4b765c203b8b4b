import KioskViewModels
import PaymentsCore

/// Sentences the plan screen shows in both layouts.
enum PlanWording {
    /// What choosing the selected column would do, with the proration preview once it is in.
    static func summary(_ plans: PlanComparisonState) -> String? {
        if plans.isChanging { return "Changing your plan…" }
        guard let column = plans.selectedColumn else { return nil }
        switch column.action {
        case .current:
            return "\(column.name) is your current plan."
        case .included:
            return "Your plan includes everything in \(column.name)."
        case .scheduled:
            let date = plans.phase.content?.subscription.map { " on \(DateWording.day($0.currentPeriodEnd))" } ?? " at renewal"
            return "Your plan switches to \(column.name)\(date) (scheduled). Undo it in Settings → Subscription."
        case .subscribe:
            let standing = plans.phase.content?.standing
            let note = column.isCurrent ? standing.map { " You are on \(PlanStandingWording.standing($0))." } ?? "" : ""
            return "Subscribe to \(column.name): \(column.priceText). Enter goes to checkout.\(note)"
        case .cancelToFree:
            return "Switching to \(column.name) cancels your subscription at the end of the period."
        case .upgrade, .downgrade, .crossgrade:
            switch plans.preview {
            case nil, .loading?, .empty?:
                return "\(column.action.title) to \(column.name): working out the price…"
            case let .failed(error)?:
                return "\(column.action.title) to \(column.name): \(error.message)"
            case let .loaded(summary)?:
                return "\(column.action.title) to \(column.name): " + preview(summary)
            }
        }
    }

    /// "charged now $40.00 (credit $9.99 for unused time), takes effect now; next charge $49.99 on Feb 1, 2026."
    /// At renewal: "nothing charged now; switches on Jan 5, 2027, then charged $99.99."
    static func preview(_ summary: PlanChangeSummary) -> String {
        let when: String
        switch summary.effective {
        case .immediate: when = "now"
        case let .atRenewal(date):
            return "nothing charged now; switches on \(DateWording.day(date)), then charged \(summary.nextCharge)."
        }
        return "charged now \(summary.paidWith ?? summary.chargedNow) (credit \(summary.credit) for unused time), takes effect \(when); "
            + "next charge \(summary.nextCharge) on \(DateWording.day(summary.preview.nextChargeDate))."
    }

    static func periodLabel(_ period: BillingPeriod) -> String {
        period == .monthly ? "Monthly" : "Yearly"
    }

    static func otherPeriod(_ period: BillingPeriod) -> BillingPeriod {
        period == .monthly ? .yearly : .monthly
    }
}
