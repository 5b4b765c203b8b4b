import PaymentsCore
import Testing

/// A redirect a real provider sends, with the exact classification it must get.
struct GenuineRedirect: Sendable, CustomTestStringConvertible {
    let session: RedirectSessionFixture
    let url: String
    let expected: RedirectClassification

    var testDescription: String { "\(session.rawValue): \(url)" }
}
