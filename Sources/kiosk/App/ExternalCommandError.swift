/// A helper program that is missing or failed, worded for the checkout screen's notice.
struct ExternalCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    let program: String
    let reason: String

    var description: String { "\(program) \(reason)." }
}
