/// A charge request the simulator refuses before asking the issuer, because it is a bug in the
/// caller rather than a card problem.
public enum ChargeSimulatorError: Error, Sendable, Hashable, CustomStringConvertible {
    case nonPositiveAmount(Money)

    public var description: String {
        switch self {
        case let .nonPositiveAmount(amount):
            "A charge must be for more than zero; got \(amount) (\(amount.minorUnits) minor units)."
        }
    }
}
