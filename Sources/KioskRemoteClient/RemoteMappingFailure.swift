/// An answer of the server that fits the contract's schema but not the core's values (an
/// unknown currency or event type): a newer server than this storefront.
struct RemoteMappingFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
