/// Which end of the billing history Home or End is heading for.
public enum BillingJump: Equatable, Sendable {
    case start, end

    /// A move larger than any window, clamped by the view model to the loaded rows.
    var step: Int { self == .start ? -1_000_000 : 1_000_000 }
}
