import Foundation

public struct HostedCheckoutSession: Hashable, Sendable {
    public var id: String
    public var url: String
    public var expiresAt: Date

    public init(id: String, url: String, expiresAt: Date) {
        self.id = id
        self.url = url
        self.expiresAt = expiresAt
    }
}
