/// A client call a test did not stub: its message names the call so a failing test says which.
public struct UnstubbedCall: Error, Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String { "Unstubbed client call: \(name)" }
}
