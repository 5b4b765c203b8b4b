/// RevenueCat's `PeriodType`: StoreKit's period types plus `prepaid` for non-renewing passes.
public enum EntitlementPeriodType: String, Hashable, Sendable, Codable, CaseIterable {
    case normal
    case intro
    case trial
    case prepaid

    public init(_ periodType: PeriodType) {
        switch periodType {
        case .normal: self = .normal
        case .intro: self = .intro
        case .trial: self = .trial
        }
    }
}
