import PaymentsCore

/// The exit survey shown before cancelling at period end; a reason is optional.
public struct CancellationSurvey: Hashable, Sendable {
    public var reason: CancellationReason?

    public init(reason: CancellationReason? = nil) { self.reason = reason }

    /// The survey's choices, in the order shown.
    public static let choices: [(reason: CancellationReason, text: String)] = CancellationReason.allCases.map { ($0, text($0)) }

    public static func text(_ reason: CancellationReason) -> String {
        switch reason {
        case .tooExpensive: "It's too expensive"
        case .missingFeatures: "It's missing features I need"
        case .switchedService: "I switched to another service"
        case .unused: "I don't use it enough"
        case .customerService: "I had a bad support experience"
        case .tooComplex: "It's too complicated"
        case .lowQuality: "The quality wasn't good enough"
        case .other: "Something else"
        }
    }
}
