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
