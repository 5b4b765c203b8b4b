/// A short notification over the current screen, from the change feed.
public struct Toast: Hashable, Sendable, Identifiable {
    public enum Kind: Hashable, Sendable {
        case purchaseSucceeded, renewalFailed, refundIssued, info
        /// A request the customer made was turned down (an ask-to-buy declined).
        case declined
    }

    /// The store event it came from, so the same event never toasts twice; below zero for a
    /// notice that comes from no event.
    public var id: Int64
    public var kind: Kind
    public var message: String

    public init(id: Int64, kind: Kind, message: String) {
        self.id = id
        self.kind = kind
        self.message = message
    }
}
