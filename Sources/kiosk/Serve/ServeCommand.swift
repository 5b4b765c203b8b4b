import ArgumentParser
import Foundation
import HostedCheckout
import KioskPostgres
import KioskServer
import KioskSSH
import Logging
import PaymentsCore
import Simulators

/// `kiosk serve`: the payments core as an HTTP service until Ctrl-C or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the customer and test-control APIs over HTTP.",
        discussion: """
            Prints `Serving on http://HOST:PORT` once it accepts connections. Ctrl-C or SIGTERM lets \
            requests in flight finish, then stops. The contract is served at /openapi.yaml. The hosted \
            checkout that POST /api/checkout/create and POST /v1/checkout-sessions (a remote \
            storefront's browser checkout) open runs beside it on the same address, and the links \
            it hands out name the host each caller used, so its pages open wherever the API is reached.

            With --database URL (or KIOSK_DATABASE_URL) the store's rows live in that PostgreSQL \
            database: its schema is brought up to date first (--migrate-only does only that). The \
            keys every server of that store must share (the signing chains, the card fingerprint key \
            and the admin key) are kept in the database too: the first server records its own, a \
            server with a new data directory is given them, and one whose keys differ is refused.

            With --ssh-port the storefront is served over SSH too, from the same store: customers \
            are known by their SSH key (see docs/ssh.md). It prints `SSH on ssh://HOST:PORT (host key \
            SHA256:…)` once it listens; SIGTERM tells every session goodbye before the server stops.
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port).")
    var port = 8080

    @Flag(help: "Print the server's admin key (creating it if needed) and exit.")
    var printAdminKey = false

    @OptionGroup var postgres: PostgresDatabaseOptions

    @Flag(help: "With --database: apply the PostgreSQL schema migrations and exit.")
    var migrateOnly = false

    @OptionGroup(title: "SSH") var ssh: SSHServeOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let location = try postgres.location(command: "kiosk serve")
        if printAdminKey {
            // A data directory's key opens no store; a PostgreSQL store's is the one its servers share.
            let key = if let location { try await open(location).adminKey } else { try ServerAdminKey.load(store.data.directory) }
            print(key.value)
            return
        }
        if ssh.printSSHHostKey {
            if let location { _ = try await open(location) }
            print(try SSHHostKeyFile.load(store.data.directory).fingerprint)
            return
        }
        if migrateOnly {
            guard let location else {
                Terminal.error("kiosk serve: --migrate-only needs --database URL or \(PostgresDatabaseOptions.environmentVariable)")
                throw ExitCode(64)
            }
            return try await PostgresStoreOpener(command: "kiosk serve").migrate(location, printReport: true)
        }
        let (service, catalog, adminKey) = try await open(location)
        var logger = Logger(label: "kiosk.serve")
        logger.logLevel = .warning
        let host = self.host
        let provider = store.openCheckoutProvider(merchant: service, catalog: catalog)
        let checkout = try await CheckoutServerLauncher.start(provider, endpoint: service, host: host)
        let appStore = store.openAppStore(beside: service)
        let sshServer = try await startSSH(service: service, host: host)
        let server = KioskServer(service: service, appStore: appStore, adminKey: adminKey, host: host, port: port,
                                 checkoutOpener: checkout, hostedCheckout: provider, moreDueWork: {
                                     _ = try await appStore.deliverNotifications(transport: HTTPStoreNotificationTransport())
                                     try await appStore.runScheduledDueWork()
                                 }, logger: logger)
        do {
            try await server.run(untilSignalled: true) { port in
                // Unbuffered, so a script waiting for this line sees it while the server runs.
                FileHandle.standardOutput.write(Data("Serving on http://\(host):\(port)\n".utf8))
                if let sshServer {
                    FileHandle.standardOutput.write(Data("""
                        SSH on ssh://\(sshServer.host):\(sshServer.port) (host key \(sshServer.hostKey.fingerprint))\n
                        """.utf8))
                }
            }
        } catch {
            await sshServer?.shutdown()
            await checkout.stop()
            Terminal.error("kiosk serve: \(error)")
            throw ExitCode(69)
        }
        await sshServer?.shutdown()
        await checkout.stop()
        try await service.storeSignedTokens()
    }

    /// The SSH storefront when --ssh-port asks for it: a new key is a new customer account, a
    /// known key its account, a key of --ssh-admin-keys a tester.
    private func startSSH(service: LocalPaymentsService, host: String) async throws -> SSHServer? {
        guard let port = ssh.sshPort else { return nil }
        let admins = try ssh.adminFingerprints()
        let hostKey = try SSHHostKeyFile.load(store.data.directory)
        var logger = Logger(label: "kiosk.ssh")
        logger.logLevel = .warning
        let storefront = ServedSSHStorefront(service: service, startSession: nil)
        let sshHost = ssh.sshHost ?? host
        do {
            return try await SSHServer.start(host: sshHost, port: port, hostKey: hostKey, limits: ssh.limits,
                                             storefront: storefront, resolve: { key, userName in
                let (account, _) = try await service.sshAccount(for: key, userName: userName)
                return SSHIdentity(fingerprint: key.fingerprint, accountID: account.id, userName: userName,
                                   isAdmin: admins.contains(key.fingerprint))
            }, logger: logger)
        } catch {
            Terminal.error("kiosk serve: cannot listen for SSH on \(sshHost):\(port): \(error)")
            throw ExitCode(69)
        }
    }

    /// The store (on PostgreSQL at `location`, else the data directory's) and its admin key.
    private func open(_ location: PostgresLocation?) async throws -> (service: LocalPaymentsService, catalog: Catalog, adminKey: AdminKey) {
        if let location {
            let sshHostKey = ssh.sshPort != nil || ssh.printSSHHostKey
            return try await PostgresStoreOpener(command: "kiosk serve").open(location, store: store, sshHostKey: sshHostKey)
        }
        let (service, catalog, _) = try store.open()
        return (service, catalog, try ServerAdminKey.load(store.data.directory))
    }
}
