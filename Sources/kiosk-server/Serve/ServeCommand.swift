import ArgumentParser
import Foundation
import HostedCheckout
import KioskCommandLine
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

    @Option(help: "Log format: text (warnings and errors) or json (one object per line, a line per request with its request id).")
    var logFormat: LogFormat = .text

    @Flag(help: "Print the server's admin key (creating it if needed) and exit.")
    var printAdminKey = false

    @OptionGroup var postgres: PostgresDatabaseOptions

    @Flag(help: "With --database: apply the PostgreSQL schema migrations and exit.")
    var migrateOnly = false

    @Option(help: ArgumentHelp(
        "With --database: how long a request waits for the database before it is answered 503 (Retry-After).",
        valueName: "seconds"))
    var databaseTimeout = 5.0

    @OptionGroup(title: "SSH") var ssh: SSHServeOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard databaseTimeout.isFinite, (0.1...600).contains(databaseTimeout) else {
            throw ValidationError("--database-timeout must be a number of seconds from 0.1 to 600 (it is \(databaseTimeout))")
        }
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
                Terminal.error("kiosk: --migrate-only needs --database URL or \(PostgresDatabaseOptions.environmentVariable)")
                throw ExitCode(64)
            }
            return try await PostgresStoreOpener(command: "kiosk serve").migrate(location, printReport: true)
        }
        let (service, catalog, adminKey) = try await open(location)
        let logger = logFormat.logger(label: "kiosk.serve")
        let metrics = ServerMetrics()
        let host = self.host
        let provider = store.openCheckoutProvider(merchant: service, catalog: catalog)
        let checkout = try await CheckoutServerLauncher.start(provider, endpoint: service, host: host,
                                                              port: ssh.checkoutListeningPort, publicURL: ssh.checkoutBase) { error in
            logger.error("webhook deliveries could not run; they stay queued", metadata: ["error": "\(error)"])
        }
        let appStore = store.openAppStore(beside: service)
        let demo = try openDemoSandboxes(catalog: catalog)
        let browserCheckout = ssh.checkoutBase.map { SSHBrowserCheckout(server: checkout, publicURL: $0) }
        let sshServer = try await startSSH(service: service, appStore: appStore, demo: demo, browserCheckout: browserCheckout,
                                           metrics: metrics, host: host)
        var server = KioskServer(service: service, appStore: appStore, adminKey: adminKey, host: host, port: port,
                                 checkoutOpener: checkout, hostedCheckout: provider, moreDueWork: {
                                     metrics.storeNotifications(
                                         try await appStore.deliverNotifications(transport: HTTPStoreNotificationTransport()))
                                     try await appStore.runScheduledDueWork()
                                     // Failed hosted-checkout webhooks are retried when due, not only at the next payment.
                                     try await checkout.deliverDueWebhooks()
                                 }, metrics: metrics, logger: logger)
        if let location { server.readiness = { try await Self.schemaIsCurrent(location) } }
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
            await demo?.removeAll()
            await checkout.stop()
            Terminal.error("kiosk: \(error)")
            throw ExitCode(69)
        }
        await sshServer?.shutdown()
        await demo?.removeAll()
        await checkout.stop()
        try await service.storeSignedTokens()
    }

    /// The SSH storefront when --ssh-port asks for it: a new key is a new customer account, a
    /// known key its account, a key of --ssh-admin-keys a tester.
    /// With --ssh-demo, every connection's key resolves to a store of its own: the server's store
    /// gets no accounts from it.
    private func startSSH(service: LocalPaymentsService, appStore: SimulatedAppStore, demo: SSHDemoSandboxes?,
                          browserCheckout: SSHBrowserCheckout?, metrics: ServerMetrics, host: String) async throws -> SSHServer? {
        guard let port = ssh.sshPort else { return nil }
        let admins = try ssh.adminFingerprints()
        let hostKey = try SSHHostKeyFile.load(store.data.directory)
        let storefront: any SSHStorefront
        let resolve: SSHIdentityResolver
        if let demo {
            storefront = DemoSSHStorefront(sandboxes: demo, metrics: metrics)
            resolve = { key, userName in DemoSSHStorefront.identity(fingerprint: key.fingerprint, userName: userName) }
        } else {
            storefront = ServedSSHStorefront(
                service: service,
                startSession: StorefrontSSHSession.starter(service: service, appStore: appStore, browserCheckout: browserCheckout,
                                                           metrics: metrics))
            resolve = { key, userName in
                let (account, _) = try await service.sshAccount(for: key, userName: userName)
                return SSHIdentity(fingerprint: key.fingerprint, accountID: account.id, userName: userName,
                                   isAdmin: admins.contains(key.fingerprint))
            }
        }
        let sshHost = ssh.sshHost ?? host
        do {
            return try await SSHServer.start(host: sshHost, port: port, hostKey: hostKey, limits: ssh.limits,
                                             storefront: storefront, resolve: resolve, logger: Self.sshLogger)
        } catch {
            Terminal.error("kiosk serve: cannot listen for SSH on \(sshHost):\(port): \(error)")
            throw ExitCode(69)
        }
    }

    private static var sshLogger: Logger {
        var logger = Logger(label: "kiosk.ssh")
        logger.logLevel = .warning
        return logger
    }

    /// The demo stores' keeper when --ssh-demo asks for them, or a clear message and EX_CANTCREAT.
    private func openDemoSandboxes(catalog: Catalog) throws -> SSHDemoSandboxes? {
        guard ssh.sshDemo else { return nil }
        do {
            return try SSHDemoSandboxes(dataDirectory: store.data.directory, catalog: catalog, capacity: ssh.sshDemoSessions,
                                        logger: Self.sshLogger)
        } catch {
            Terminal.error("kiosk serve: cannot make the directory of the demo stores in \(store.data.directory.url.path): \(error)")
            throw ExitCode(73)
        }
    }

    /// The store (on PostgreSQL at `location`, else the data directory's) and its admin key.
    private func open(_ location: PostgresLocation?) async throws -> (service: LocalPaymentsService, catalog: Catalog, adminKey: AdminKey) {
        if let location {
            let sshHostKey = ssh.sshPort != nil || ssh.printSSHHostKey
            return try await PostgresStoreOpener(command: "kiosk serve")
                .open(location, store: store, connectionTimeout: .milliseconds(Int64(databaseTimeout * 1_000)),
                      sshHostKey: sshHostKey)
        }
        let (service, catalog, _) = try store.open()
        return (service, catalog, try ServerAdminKey.load(store.data.directory))
    }

    /// Readiness on PostgreSQL: the database's schema is the one this build migrated it to (a
    /// restored older backup, or a newer server's migration, is not ready to serve).
    private static func schemaIsCurrent(_ location: PostgresLocation) async throws {
        let status: PostgresSchemaStatus
        do {
            status = try await PostgresMigrator(location: location).status()
        } catch {
            throw StoreUnavailable("The store's database cannot be reached (\(error)); try again in 2 s.")
        }
        guard status.isCurrent else {
            throw StoreUnavailable(
                "The database's schema is at v\(status.recordedVersion) and this server needs v\(status.latestVersion); "
                    + "run `kiosk serve --migrate-only` with the kiosk that matches it.", retryAfterSeconds: 30)
        }
    }
}

/// `kiosk serve --log-format`: free text for a person at a terminal (warnings and errors only),
/// or one JSON object per line, with a line per request, for a log collector.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json

    func logger(label: String) -> Logger {
        switch self {
        case .text:
            var logger = Logger(label: label)
            logger.logLevel = .warning
            return logger
        case .json:
            return Logger(label: label) { JSONLogHandler(label: $0) }
        }
    }
}
