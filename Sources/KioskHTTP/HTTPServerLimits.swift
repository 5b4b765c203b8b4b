/// How much a client of Kiosk's local HTTP servers (the hosted checkout, the loopback redirect
/// listener, and later `kiosk serve`) may hold: a request that is slow, idle, oversized or one
/// too many is answered and closed instead of being held forever (issue 17, defect 7).
public struct HTTPServerLimits: Sendable, Hashable {
    /// From a request's first byte (or the connection's opening) until its head and declared body
    /// have arrived; past it the client gets 408 and the connection is closed. 30 s by default
    /// (nginx allows 60): at 10 s a busy machine's own clients, slow to write after connecting,
    /// were answered 408.
    public var requestTimeout: Duration
    /// How long a kept-alive connection may sit with nothing sent before it is closed.
    public var idleTimeout: Duration
    /// The request line and headers together; more is answered 431.
    public var maxHeaderBytes: Int
    /// A declared `Content-Length` above this is answered 413 without reading the body.
    public var maxBodyBytes: Int
    /// Connections served at once; further ones wait in the listen backlog until one closes.
    public var maxConnections: Int

    public init(requestTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30),
                maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 1 << 20, maxConnections: Int = 64) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxConnections = maxConnections
    }

    /// The limits every Kiosk server uses unless a test asks for shorter ones.
    public static let standard = HTTPServerLimits()
}
