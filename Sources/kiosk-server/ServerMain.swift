import ArgumentParser
import KioskCommandLine
import KioskPostgres
import KioskRemoteClient
import StorefrontClient

/// `kiosk-server`: the whole `kiosk` command line, with the parts the terminal executable hands
/// over (`serve`, `accounts`, `run --server`, `--database`).
@main
enum ServerMain {
    static func main() async {
        await Kiosk.main(.full)
    }
}

extension ServerStack {
    static let full = ServerStack(
        commands: [ServeCommand.self, AccountsCommand.self],
        remoteStorefront: { address, dump in
            let client = Storefront.remote(RemoteServer(url: address.url, token: address.token, adminKey: address.adminKey))
            if dump { try await RemoteReachability.check(client) }
            return client
        },
        postgresStore: { options, store, command in
            guard let location = try options.location(command: command) else { throw ExitCode(64) }
            let (service, catalog, _) = try await PostgresStoreOpener(command: command).open(location, store: store)
            return (service, catalog, location.summary)
        },
        postgresStatus: { options, store, account, json in
            try await PostgresStatus.run(options, store: store, accountID: account, json: json)
        },
        storeNotificationTransport: HTTPStoreNotificationTransport(),
        scenarioSchemas: { url in
            let schemas = QAPostgresSchemas(database: try PostgresLocation(url: url))
            return ScenarioSchemas(freshStorage: { try await schemas.freshStorage() }, dropAll: { try await schemas.dropAll() })
        })
}

/// `kiosk run --server --dump` asks the server who its key belongs to before printing: it has no
/// screen to retry on, so an unreachable server or a refused key ends here with one line
/// (EX_UNAVAILABLE, EX_NOPERM). The live storefront says the same on screen and offers retry and quit.
enum RemoteReachability {
    static func check(_ client: Storefront) async throws {
        do {
            _ = try await client.accounts.signedInAccount()
        } catch let failure as RemoteCallFailure {
            Terminal.error("kiosk: \(failure.description)")
            throw ExitCode(failure.isUnreachable ? 69 : 77)
        }
    }
}

extension PostgresDatabaseOptions {
    /// The location given, nil when neither the option nor the variable is set. A URL that does
    /// not parse is reported naming its wrong part (never the password) and exits EX_USAGE when
    /// typed on the command line, EX_CONFIG when it came from the environment.
    func location(command: String) throws -> PostgresLocation? {
        guard let (text, typed) = given else { return nil }
        do {
            return try PostgresLocation(url: text)
        } catch {
            Terminal.error("kiosk: \(typed ? "--database" : Self.environmentVariable): \(error)")
            throw ExitCode(typed ? 64 : 78)
        }
    }
}
