/// Why an arithmetic step on money was refused instead of producing a wrong amount.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    case currencyMismatch(Currency, Currency)
    case overflow

    public var description: String {
        switch self {
        case let .currencyMismatch(lhs, rhs): "cannot combine amounts in \(lhs) and \(rhs)"
        case .overflow: "amount out of range"
        }
    }
}
