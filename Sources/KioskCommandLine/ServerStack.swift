import ArgumentParser
import Foundation
import PaymentsCore
import StorefrontClient
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What only the `kiosk-server` executable holds: the served API's client, PostgreSQL and the
/// servers. `kiosk`, the terminal, is built without them (a first frame pays for every
/// conformance record in the binary, BENCHMARKS.md) and hands a command that needs them to
/// `kiosk-server` beside it, with the same arguments: one command line, two executables.
package struct ServerStack: Sendable {
    /// `serve` and `accounts`; in `kiosk` the stand-ins that list them in `--help`.
    package var commands: [any ParsableCommand.Type]
    /// `kiosk run --server`: the storefront of a running `kiosk serve`; `dump` asks the server
    /// who the key belongs to first, since `--dump` has no screen to retry on.
    package var remoteStorefront: (@Sendable (RemoteAddress, _ dump: Bool) async throws -> Storefront)?
    /// `--database` of `seed` and `store check/snapshot`: the PostgreSQL store, migrated first,
    /// and where it is, for messages.
    package var postgresStore: (@Sendable (PostgresDatabaseOptions, StoreOptions, _ command: String) async throws
        -> (service: LocalPaymentsService, catalog: Catalog, place: String))?
    /// `kiosk status --database`: the PostgreSQL server, its schema and the store kept there.
    package var postgresStatus: (@Sendable (PostgresDatabaseOptions, StoreOptions, _ account: String?, _ json: Bool)
        async throws -> Void)?
    /// `kiosk store notifications deliver`: App Store Server Notifications posted over HTTP(S).
    package var storeNotificationTransport: (any StoreNotificationTransport)?
    /// `kiosk qa run --database`: a fresh migrated schema per scenario, and the call that drops them all.
    package var scenarioSchemas: (@Sendable (_ databaseURL: String) throws -> ScenarioSchemas)?

    package init(commands: [any ParsableCommand.Type],
                 remoteStorefront: (@Sendable (RemoteAddress, _ dump: Bool) async throws -> Storefront)? = nil,
                 postgresStore: (@Sendable (PostgresDatabaseOptions, StoreOptions, String) async throws
                     -> (service: LocalPaymentsService, catalog: Catalog, place: String))? = nil,
                 postgresStatus: (@Sendable (PostgresDatabaseOptions, StoreOptions, String?, Bool) async throws -> Void)? = nil,
                 storeNotificationTransport: (any StoreNotificationTransport)? = nil,
                 scenarioSchemas: (@Sendable (String) throws -> ScenarioSchemas)? = nil) {
        self.commands = commands
        self.remoteStorefront = remoteStorefront
        self.postgresStore = postgresStore
        self.postgresStatus = postgresStatus
        self.storeNotificationTransport = storeNotificationTransport
        self.scenarioSchemas = scenarioSchemas
    }

    /// The terminal's: every server part handed to `kiosk-server`.
    package static let terminal = ServerStack(commands: standIns)

    /// Compared by identity, not by a cast to `ServerCommandStandIn`: each type's first cast
    /// walks every conformance record of the binary (BENCHMARKS.md, first-frame profile).
    private static let standIns: [any ParsableCommand.Type] = [ServeCommandStandIn.self, AccountsCommandStandIn.self]

    @TaskLocal package static var current = ServerStack.terminal

    /// Whether `arguments` name a command this executable only lists (`kiosk serve`, `kiosk help serve`).
    func handsOff(_ arguments: [String]) -> Bool {
        let standIns = commands.filter { command in Self.standIns.contains { $0 == command } }.map { $0._commandName }
        guard let first = arguments.first else { return false }
        if first == "help", let topic = arguments.dropFirst().first { return standIns.contains(topic) }
        return standIns.contains(first)
    }

    /// The part named `part` of this stack, or, in `kiosk`, the whole command run again by
    /// `kiosk-server`: this call then does not return.
    static func required<Part>(_ part: KeyPath<ServerStack, Part?>) -> Part {
        if let found = current[keyPath: part] { return found }
        handOff()
    }

    /// Replaces this process with `kiosk-server` beside this executable, given the same
    /// arguments; says where it looked when it is not there.
    static func handOff() -> Never {
        let own = Bundle.main.executableURL?.resolvingSymlinksInPath()
        let server = (own?.deletingLastPathComponent() ?? URL(fileURLWithPath: ".")).appendingPathComponent("kiosk-server")
        let arguments = [server.path] + CommandLine.arguments.dropFirst()
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server.path, &pointers)
        let reason = String(cString: strerror(errno))
        Terminal.error("""
            kiosk: this command runs in kiosk-server, which should sit beside kiosk: \(server.path): \(reason). \
            `swift build` builds both; the Debian package installs both.
            """)
        Foundation.exit(69)
    }
}

/// `kiosk run --server URL --token KEY`, as given: `kiosk-server` makes the client.
package struct RemoteAddress: Sendable, Hashable {
    package let url: URL
    package let token: String
    /// The server's admin key (KIOSK_ADMIN_KEY) for the QA panel, when set.
    package let adminKey: String?

    /// `host:port` as the storefront's header names the server.
    var label: String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

/// `kiosk qa run --database`'s stores: each scenario's in a schema of its own, all dropped at the end.
package struct ScenarioSchemas: Sendable {
    package var freshStorage: @Sendable () async throws -> any PaymentsStorage
    package var dropAll: @Sendable () async throws -> Void

    package init(freshStorage: @escaping @Sendable () async throws -> any PaymentsStorage,
                 dropAll: @escaping @Sendable () async throws -> Void) {
        self.freshStorage = freshStorage
        self.dropAll = dropAll
    }
}

/// A command `kiosk --help` lists but `kiosk-server` runs.
protocol ServerCommandStandIn: ParsableCommand {}

extension ServerCommandStandIn {
    func run() throws { ServerStack.handOff() }
}

struct ServeCommandStandIn: ServerCommandStandIn {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the customer and test-control APIs over HTTP (and SSH); runs kiosk-server.")
}

struct AccountsCommandStandIn: ServerCommandStandIn {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "Create customer accounts and manage their API and SSH keys; runs kiosk-server.")
}
