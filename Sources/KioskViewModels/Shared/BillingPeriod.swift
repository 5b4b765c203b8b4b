import PaymentsCore

/// The plan comparison's monthly/yearly switch.
public enum BillingPeriod: String, Hashable, Sendable, CaseIterable {
    case monthly, yearly

    func matches(_ duration: ISODuration) -> Bool {
        switch self {
        case .monthly: duration.wholeMonths == 1
        case .yearly: duration.wholeMonths == 12
        }
    }

    var toggled: BillingPeriod { self == .monthly ? .yearly : .monthly }
}
