import KioskSSH
import PaymentsCore

/// The storefront `kiosk serve --ssh-port` runs for a signed-in key: read-only commands over
/// `exec`, and the full-screen storefront on a pty when this build has a byte-stream terminal
/// session to run it with (`startSession`).
struct ServedSSHStorefront: SSHStorefront {
    typealias SessionStarter = @Sendable (SSHIdentity, SSHTerminalRequest, SSHSessionOutput) async throws -> any SSHStorefrontSession

    let service: any PaymentsService
    let startSession: SessionStarter?

    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession {
        guard let startSession else { throw SSHSessionUnavailable() }
        return try await startSession(identity, terminal, output)
    }

    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult {
        await SSHCustomerCommands.run(command, accountID: identity.accountID, service: service)
    }

    func connectionEnded(for identity: SSHIdentity) async {}
}

struct SSHSessionUnavailable: Error, CustomStringConvertible {
    var description: String { "this build serves SSH commands (status, invoices --json) but not the full-screen storefront" }
}
