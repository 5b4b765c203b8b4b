import PaymentsCore

/// The store's change feed, which the app reads to refresh the screen on show.
public struct FeedClient: Sendable {
    public var events: @Sendable (_ accountID: String?, _ after: Int64?, _ limit: Int) async throws -> [StoreEvent] = { _, _, _ in
        throw UnstubbedCall("events")
    }
    public var feedPosition: @Sendable (_ accountID: String?) async throws -> Int64 = { _ in throw UnstubbedCall("feedPosition") }
    /// A signal for each new event of the signed-in customer's feed after a position (nil: from
    /// now), for a host to read the feed at once instead of at its next poll. Nil when the store
    /// has no live stream (the in-process store is read every two seconds anyway).
    public var feedNews: (@Sendable (_ after: Int64?) -> AsyncStream<Void>)?

    /// Every call throws `UnstubbedCall` naming it: a test stubs only what its flow calls.
    public init() {}

    public static func live(_ service: any PaymentsService) -> FeedClient {
        var client = FeedClient()
        client.events = { try await service.events(accountID: $0, after: $1, limit: $2) }
        client.feedPosition = { try await service.feedPosition(accountID: $0) }
        return client
    }
}
