/// A short notification over the current screen, from the change feed.
public struct Toast: Hashable, Sendable, Identifiable {
    public enum Kind: Hashable, Sendable {
        case purchaseSucceeded, renewalFailed, refundIssued, info
    }

    /// The store event it came from, so the same event never toasts twice.
    public var id: Int64
    public var kind: Kind
    public var message: String

    public init(id: Int64, kind: Kind, message: String) {
        self.id = id
        self.kind = kind
        self.message = message
    }
}
