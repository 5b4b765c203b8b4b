import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk store check`: opens the store (recovering what an interrupted run left, as every command
/// does) and runs `checkInvariants`, so a script can tell after a crash that nothing was lost. With
/// `--database` it checks a PostgreSQL store, as after a server was killed mid-load.
struct StoreCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Open the store and check its invariants: exit 0 when they hold, 1 with every problem otherwise.",
        discussion: "With --database URL (or KIOSK_DATABASE_URL) it checks that PostgreSQL store.")

    @OptionGroup var store: StoreOptions

    @OptionGroup var postgres: PostgresDatabaseOptions

    func run() async throws {
        if postgres.given == nil {
            let database = store.data.directory.databaseURL
            let damage = StoreIntegrity.damage(ofDatabaseAt: database)
            guard damage.isEmpty else {
                Terminal.error("""
                    kiosk: the store \(database.path) is damaged; SQLite's integrity check found:
                    \(damage.map { "  \($0)" }.joined(separator: "\n"))
                    What to do: restore a snapshot (`kiosk store snapshot list`, then `kiosk store snapshot restore NAME`), \
                    or move the file aside and restore it from a backup.
                    """)
                throw ExitCode(1)
            }
        }
        let service = try await postgres.openStore(store, command: "kiosk store check").service
        try await Terminal.reportingFailures {
            let problems = try await service.checkInvariants()
            guard problems.isEmpty else {
                Terminal.error(problems.map { "kiosk: invariant broken: \($0)" }.joined(separator: "\n"))
                throw ExitCode(1)
            }
            let accounts = try await service.accounts().count
            print("ok: the store opens and its invariants hold (\(accounts) accounts)")
        }
    }
}
