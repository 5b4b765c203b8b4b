import ArgumentParser
import Foundation
import KioskPostgres

/// `--database URL` (else `KIOSK_DATABASE_URL`): the shared PostgreSQL store.
struct PostgresDatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database"),
            help: ArgumentHelp("PostgreSQL store URL, postgres://USER[:PASSWORD]@HOST[:PORT]/DB[?host=/socket/dir&sslmode=...] (default: $KIOSK_DATABASE_URL).",
                               valueName: "url"))
    var databaseURL: String?

    static let environmentVariable = "KIOSK_DATABASE_URL"

    /// The location given, nil when neither the option nor the variable is set. A URL that does
    /// not parse is reported naming its wrong part (never the password) and exits EX_USAGE when
    /// typed on the command line, EX_CONFIG when it came from the environment.
    func location(command: String) throws -> PostgresLocation? {
        let environment = ProcessInfo.processInfo.environment[Self.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = databaseURL ?? environment else { return nil }
        do {
            return try PostgresLocation(url: text)
        } catch {
            let source = databaseURL == nil ? Self.environmentVariable : "--database"
            Terminal.error("kiosk: \(source): \(error)")
            throw ExitCode(databaseURL == nil ? 78 : 64)
        }
    }
}
