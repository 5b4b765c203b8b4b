import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk store check`: opens the store (recovering what an interrupted run left, as every command
/// does) and runs `checkInvariants`, so a script can tell after a crash that nothing was lost.
struct StoreCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Open the store and check its invariants: exit 0 when they hold, 1 with every problem otherwise.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (service, _, _) = try store.open()
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
