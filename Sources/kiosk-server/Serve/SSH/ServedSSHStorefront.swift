import KioskCommandLine
import KioskSSH
import PaymentsCore

/// The storefront `kiosk serve --ssh-port` runs for a signed-in key: read-only commands over
/// `exec`, and the full-screen storefront on a pty (`startSession`, `StorefrontSSHSession` when served).
struct ServedSSHStorefront: SSHStorefront {
    typealias SessionStarter = @Sendable (SSHIdentity, SSHTerminalRequest, SSHSessionOutput) async throws -> any SSHStorefrontSession

    let service: any PaymentsService
    let startSession: SessionStarter

    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession {
        try await startSession(identity, terminal, output)
    }

    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult {
        await SSHCustomerCommands.run(command, accountID: identity.accountID, service: service)
    }

    func connectionEnded(for identity: SSHIdentity) async {}
}
