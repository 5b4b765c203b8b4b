/// What the SSH server runs for an authenticated customer: the storefront on the session's
/// terminal, and the few read-only commands `ssh host COMMAND` may run. The `kiosk` command wires
/// it to the payments core and the terminal screens; tests give their own.
public protocol SSHStorefront: Sendable {
    /// Starts one storefront session on a byte stream: its frames go to `output.write`, and it
    /// calls `output.close` once it has restored the client's terminal and ended.
    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession

    /// Runs `command` (`status`, `invoices --json`) for the identity's account, read-only.
    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult

    /// The connection of `identity` is gone: whatever it alone held (a demo store) can go.
    func connectionEnded(for identity: SSHIdentity) async
}

/// Why a session cannot start now (a full demo, say), in words for the person connecting: thrown
/// by `startSession`, shown to the client before the channel closes.
public struct SSHSessionRefused: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A running storefront session, fed by the server from its channel.
public protocol SSHStorefrontSession: Sendable {
    func receive(_ bytes: [UInt8])
    func resize(columns: Int, rows: Int)
    /// Ends the session (the client went away, the server stops, it idled out): with `goodbye`,
    /// the client's terminal is restored and the line shown before `output.close` is called.
    func end(goodbye: String?)
}

/// Where a session's bytes go; both callable from any thread.
public struct SSHSessionOutput: Sendable {
    public let write: @Sendable ([UInt8]) -> Void
    public let close: @Sendable () -> Void

    public init(write: @escaping @Sendable ([UInt8]) -> Void, close: @escaping @Sendable () -> Void) {
        self.write = write
        self.close = close
    }
}

/// The client's terminal as its pty request and environment requests describe it.
public struct SSHTerminalRequest: Sendable, Hashable {
    /// The environment variables a client may pass that change how the session draws.
    public static let acceptedVariables: Set<String> = ["COLORTERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "TERM_PROGRAM"]

    public var term: String
    public var columns: Int
    public var rows: Int
    public var environment: [String: String]

    public init(term: String, columns: Int, rows: Int, environment: [String: String] = [:]) {
        self.term = term
        self.columns = columns
        self.rows = rows
        self.environment = environment
    }
}

public struct SSHCommandResult: Sendable, Hashable {
    public var output: String
    public var exitStatus: Int

    public init(output: String, exitStatus: Int) {
        self.output = output
        self.exitStatus = exitStatus
    }
}
