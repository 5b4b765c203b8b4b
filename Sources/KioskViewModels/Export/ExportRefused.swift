/// An export the session does not offer, with the reason shown to the person.
public struct ExportRefused: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
