import PaymentsCore

/// The refund dialog's words, from the same `RefundTerms` the core's refund applies, so what
/// the customer confirms is what the refund then does (issue 41, item 7).
public enum RefundWording {
    /// "Refund $32.87 to Visa 4242 and $17.12 to your account balance. Max ends now."
    /// - Parameter planName: the plan the invoice paid for, when it paid for a subscription.
    public static func confirmation(_ terms: RefundTerms, planName: String?) -> String {
        var parts: [String] = []
        if !terms.toCard.isZero {
            parts.append("\(terms.toCard.formatted()) to \(terms.card.map(PaymentSplitWording.card) ?? "your card")")
        }
        if !terms.toBalance.isZero {
            let unused = terms.unusedTimeCredit.isZero ? "" : " (with the credit for your earlier plan's unused time)"
            parts.append("\(terms.toBalance.formatted()) to your account balance\(unused)")
        }
        let money = parts.isEmpty ? "Nothing is paid back." : "Refund \(parts.joined(separator: " and "))."
        let ends = terms.endsSubscription
            ? " \(planName ?? "Your subscription") ends now; nothing more is charged."
            : " What it paid for ends now."
        return money + ends
    }
}
