import KioskAPI
import PaymentsCore

/// A cancellation's reason as the contract takes it: a switch, so a reason added to the core is a
/// compile error here rather than a value the server refuses.
extension Components.Schemas.CancellationInput.ReasonPayload {
    init(_ reason: CancellationReason) {
        switch reason {
        case .tooExpensive: self = .tooExpensive
        case .missingFeatures: self = .missingFeatures
        case .switchedService: self = .switchedService
        case .unused: self = .unused
        case .customerService: self = .customerService
        case .tooComplex: self = .tooComplex
        case .lowQuality: self = .lowQuality
        case .other: self = .other
        }
    }
}
