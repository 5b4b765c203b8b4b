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

    public init(_ preview: PlanChangePreview) {
        self.preview = preview
        chargedNow = preview.chargeNow.formatted()
        credit = preview.creditForUnusedTime.formatted()
        effective = preview.timing
        nextCharge = preview.nextChargeAmount.formatted()
    }
}
