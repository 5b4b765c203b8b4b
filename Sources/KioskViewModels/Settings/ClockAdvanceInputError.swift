import PaymentsCore

/// Why the QA panel could not advance the test clock from what was typed.
public enum ClockAdvanceInputError: Error, Hashable, Sendable, CustomStringConvertible {
    case notADuration(DurationTextError)
    case noTestClock
    case tooFar(String)

    public var description: String {
        switch self {
        case let .notADuration(error):
            error.description
        case .noTestClock:
            "This account lives in real time. Attach it to a test clock (the button below) to move time."
        case let .tooFar(text):
            "\"\(text)\" is longer than \(ISODuration.longestAccepted). Move the clock by a shorter step."
        }
    }
}
