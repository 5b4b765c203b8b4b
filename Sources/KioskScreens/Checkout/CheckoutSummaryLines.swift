import KioskViewModels
import PaymentsCore

/// The order summary: what is bought, what it costs now and later, and why (intro offer,
/// promo code, credit for the unused time of a plan being changed).
enum CheckoutSummaryLines {
    static func add(_ summary: OrderSummary, compact: Bool, to lines: inout LineBuilder) {
        lines.text(summary.productName, .title)
        if let warning = summary.duplicateWarning { lines.text(warning, .warning) }
        guard !compact else {
            lines.pair("Total due today", summary.totalDueToday.formatted(), .title)
            return
        }
        lines.pair("Price", summary.periodText)
        if let intro = summary.introOfferText { lines.text(intro, .success) }
        if let promo = summary.promoText { lines.pair("Promo", promo, .success) }
        if let credit = summary.prorationCredit { lines.pair("Unused-time credit", "-\(credit.formatted())", .success) }
        if let split = summary.balanceSplit {
            lines.pair("Account balance", "-\(split.fromBalance.formatted())", .success)
        }
        lines.rule()
        lines.pair("Total due today", summary.totalDueToday.formatted(), .title)
        if let date = summary.nextChargeDate, let amount = summary.nextChargeAmount {
            lines.pair("Next charge", "\(amount.formatted()) on \(DateWording.day(date))")
        }
    }
}
