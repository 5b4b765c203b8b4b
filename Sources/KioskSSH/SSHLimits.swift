import NIOCore

/// What one server lets its SSH clients hold, each configurable (`kiosk serve --ssh-…`).
public struct SSHLimits: Sendable {
    public var sessionsPerServer = 1_000
    public var sessionsPerKey = 8
    public var sessionsPerAddress = 64
    /// Connections and refused sign-ins an address may make in a minute before its connections
    /// are dropped.
    public var authAttemptsPerAddressPerMinute = 30
    /// A session with no input for this long is closed, warned a minute before.
    public var idleTimeout: TimeAmount = .minutes(30)
    /// Bytes written to a client and not yet taken by it: past this the client has stopped reading
    /// and its session is dropped, so it cannot grow the server's memory.
    public var outputBufferBytes = 1 << 20
    /// Bytes of input a session may have waiting to be handled.
    public var inputBufferBytes = 64 << 10

    public init() {}
}
