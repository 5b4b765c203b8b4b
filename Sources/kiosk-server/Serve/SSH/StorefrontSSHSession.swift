import KioskCommandLine
import KioskScreens
import KioskServer
import KioskSSH
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import TerminalUI

/// The full-screen storefront on an SSH pty: a `ByteStreamSession` for the key's account only,
/// through a client scoped to that account (test controls for admin keys alone), signed in
/// before its first frame. Counted in `kiosk_ssh_sessions` while it runs.
struct StorefrontSSHSession: SSHStorefrontSession {
    let session: ByteStreamSession

    /// What `ServedSSHStorefront` starts a pty session with.
    /// Paying in a browser is offered only with `browserCheckout` (`--public-url`).
    static func starter(service: any PaymentsService, appStore: any AppStoreService, browserCheckout: SSHBrowserCheckout?,
                        metrics: ServerMetrics) -> ServedSSHStorefront.SessionStarter {
        { identity, terminal, output in
            try await start(service: service, appStore: appStore, accountID: identity.accountID, testControls: identity.isAdmin,
                            hostedCheckout: browserCheckout?.client(for: identity.accountID) ?? .withheld(noBrowserCheckout),
                            terminal: terminal, output: output, metrics: metrics)
        }
    }

    /// Starts the storefront of `accountID` in `service` on the session's terminal.
    static func start(service: any PaymentsService, appStore: any AppStoreService, accountID: String, testControls: Bool,
                      hostedCheckout: HostedCheckoutClient, terminal: SSHTerminalRequest, output: SSHSessionOutput,
                      metrics: ServerMetrics) async throws -> StorefrontSSHSession {
        let live = Storefront.live(service, appStore: appStore, session: .inMemory(), hostedCheckout: hostedCheckout)
        let client = Storefront.scoped(live, to: accountID, testControls: testControls)
        try await client.accounts.signIn(accountID)
        let profile = TerminalProfile(term: terminal.term, colorTerm: terminal.environment["COLORTERM"],
                                      noColor: terminal.environment["NO_COLOR"],
                                      size: Size(width: terminal.columns, height: terminal.rows))
        metrics.sshSessionOpened()
        let session = await ByteStreamSession.start(
            client: client, clock: SystemClock(), profile: profile, sessionID: SessionID.random(),
            write: output.write,
            close: {
                metrics.sshSessionClosed()
                output.close()
            })
        return StorefrontSSHSession(session: session)
    }

    /// The checkout page's link would point at this server's loopback, which the customer's
    /// browser cannot reach.
    static let noBrowserCheckout = "no public URL for its page (--public-url)."

    func receive(_ bytes: [UInt8]) {
        session.receive(bytes)
    }

    func resize(columns: Int, rows: Int) {
        session.resize(to: Size(width: columns, height: rows))
    }

    func end(goodbye: String?) {
        session.end(goodbye: goodbye)
    }
}
