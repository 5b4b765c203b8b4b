/// A fixture that could not be built; the benchmark reports it instead of measuring nonsense.
enum BenchmarkSetupError: Error, CustomStringConvertible {
    case purchaseNotCompleted(String)
    case unexpectedHistory(String)
    case invalidFixture(String)

    var description: String {
        switch self {
        case let .purchaseNotCompleted(outcome): "a setup purchase did not complete: \(outcome)"
        case let .unexpectedHistory(detail): "the prepared history is not what the benchmark needs: \(detail)"
        case let .invalidFixture(detail): "invalid benchmark fixture: \(detail)"
        }
    }
}
