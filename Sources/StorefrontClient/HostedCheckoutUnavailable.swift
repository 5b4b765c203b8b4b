public struct HostedCheckoutUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "Checkout in the browser is not available in this build." }
}
