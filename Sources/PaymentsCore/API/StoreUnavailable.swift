/// The store's database could not be reached in time (a PostgreSQL server stopped, restarting or
/// cut off): nothing was done, and the same request may be sent again after `retryAfterSeconds`.
/// A server answers it 503 with `Retry-After`, never a hang or a 500.
public struct StoreUnavailable: Error, Equatable, CustomStringConvertible {
    public let message: String
    public let retryAfterSeconds: Int

    public init(_ message: String, retryAfterSeconds: Int = 2) {
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String { message }
}
