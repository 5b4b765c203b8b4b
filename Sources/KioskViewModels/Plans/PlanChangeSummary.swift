import Foundation
import PaymentsCore

/// The core's proration preview as the plan screen words it.
public struct PlanChangeSummary: Hashable, Sendable {
    public var preview: PlanChangePreview
    public var chargedNow: String
    public var credit: String
    /// "Today" or the date the change takes effect.
    public var effective: PlanChangeTiming
    public var nextCharge: String
    /// "$17.12 from your balance, $32.87 on Visa 4242" when the balance pays part of the charge.
    public var paidWith: String?

    /// - Parameter card: the card the change charges ("Visa 4242"), when known.
    public init(_ preview: PlanChangePreview, card: String? = nil) {
        self.preview = preview
        chargedNow = preview.chargeNow.formatted()
        credit = preview.creditForUnusedTime.formatted()
        effective = preview.timing
        nextCharge = preview.nextChargeAmount.formatted()
        paidWith = PaymentSplitWording.text(PaymentSplit(fromBalance: preview.appliedBalance, onCard: preview.chargeNow),
                                            card: card)
    }
}
