import ArgumentParser
import Foundation
import PaymentsCore

/// `--database URL` (else `KIOSK_DATABASE_URL`): the shared PostgreSQL store, which
/// `kiosk-server` opens (`ServerStack`).
package struct PostgresDatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database"),
            help: ArgumentHelp("PostgreSQL store URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?host=/socket/dir&sslmode=...] (default: $KIOSK_DATABASE_URL).",
                               valueName: "url"))
    package var databaseURL: String?

    package static let environmentVariable = "KIOSK_DATABASE_URL"

    package init() {}

    /// The URL given on the command line or else in the environment, and whether it was typed
    /// (a URL that does not parse exits EX_USAGE when typed, EX_CONFIG from the environment).
    package var given: (text: String, typed: Bool)? {
        if let databaseURL { return (databaseURL, true) }
        let environment = ProcessInfo.processInfo.environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return environment.map { ($0, false) }
    }
}

extension PostgresDatabaseOptions {
    /// The store a command works on: the PostgreSQL store the option or the variable names
    /// (migrated first), else the data directory's; `place` says which, for messages.
    package func openStore(_ store: StoreOptions, command: String) async throws
        -> (service: LocalPaymentsService, catalog: Catalog, place: String) {
        if given != nil { return try await ServerStack.required(\.postgresStore)(self, store, command) }
        let (service, catalog, _) = try store.open()
        return (service, catalog, store.data.directory.url.path)
    }
}
