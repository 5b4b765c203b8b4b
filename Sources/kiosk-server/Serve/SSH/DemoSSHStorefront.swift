import KioskCommandLine
import KioskServer
import KioskSSH
import PaymentsCore

/// The storefront `kiosk serve --ssh-port … --ssh-demo` runs: each connection gets a store of its
/// own (`SSHDemoSandboxes`), with the QA panel's test controls on; the server's own store is
/// never touched.
struct DemoSSHStorefront: SSHStorefront {
    let sandboxes: SSHDemoSandboxes
    let metrics: ServerMetrics

    /// Every demo key resolves to this: its account lives in the connection's sandbox, made later.
    static func identity(fingerprint: String, userName: String) -> SSHIdentity {
        SSHIdentity(fingerprint: fingerprint, accountID: "demo", userName: userName, isAdmin: true)
    }

    /// The checkout pages serve the server's own store, not the visitors'.
    static let noBrowserCheckout = "not offered in the demo."

    func startSession(for identity: SSHIdentity, terminal: SSHTerminalRequest,
                      output: SSHSessionOutput) async throws -> any SSHStorefrontSession {
        let sandbox = try await sandboxes.sandbox(for: identity.connection)
        return try await StorefrontSSHSession.start(service: sandbox.service, appStore: sandbox.appStore,
                                                    accountID: sandbox.accountID, testControls: true,
                                                    hostedCheckout: .withheld(Self.noBrowserCheckout), terminal: terminal, output: output, metrics: metrics)
    }

    func run(command: String, for identity: SSHIdentity) async -> SSHCommandResult {
        do {
            let sandbox = try await sandboxes.sandbox(for: identity.connection)
            return await SSHCustomerCommands.run(command, accountID: sandbox.accountID, service: sandbox.service)
        } catch {
            return SSHCommandResult(output: "kiosk: \(error)\n", exitStatus: 1)
        }
    }

    func connectionEnded(for identity: SSHIdentity) async {
        await sandboxes.discard(identity.connection)
    }
}
