import Foundation
import KioskResources
import PaymentsCore
import TestSupport
import Testing
import Simulators

/// A kiosk process killed with SIGKILL at any instant loses no committed purchase and leaves no
/// half-applied one: after each kill the store reopens and every invariant of the books holds.
@Suite struct CrashSafetyTests {
    func seed(_ directory: URL, seed: Int, months: Int) -> [String] {
        ["seed", "--data-dir", directory.path, "--accounts", "40", "--months", "\(months)", "--seed", "\(seed)",
         "--start", "2025-01-01"]
    }

    func openStore(_ directory: URL) throws -> LocalPaymentsService {
        let catalog = try CatalogSource.loadCatalog(explicitPath: nil, dataDirectory: nil,
                                                    defaultURL: KioskResources.defaultCatalogURL).get().0
        return try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: SystemClock(),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
    }

    @Test func killedMidSeedTheBooksStillBalanceAndTheStoreKeepsWorking() async throws {
        let directory = KioskProcess.temporaryDirectory("crash")
        var committed = 0
        for round in 0..<4 {
            let child = try KioskProcess.start(seed(directory, seed: round + 1, months: 12), standardError: .pipe)
            // Kill after a different number of progress lines each round: the child is then in the
            // middle of its next month's transactions.
            var lines = 0
            var buffer = Data()
            while lines < 1 + round % 3 {
                let chunk = try child.standardError!.readChunk()
                if chunk.isEmpty { break }
                buffer += chunk
                lines = buffer.split(separator: UInt8(ascii: "\n")).count
            }
            child.send(SIGKILL)
            #expect(try child.wait() == .signalled(SIGKILL), "round \(round) finished before it was killed")

            let store = try openStore(directory)
            #expect(try await store.checkInvariants() == [], "round \(round)")
            let invoices = try await store.accounts().count
            #expect(invoices >= committed, "round \(round) lost committed customers")
            committed = invoices
        }
        let finished = try KioskProcess.run(seed(directory, seed: 99, months: 2))
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(try await openStore(directory).checkInvariants() == [])
    }
}

/// Two kiosk processes writing to one data directory at the same time take turns on the write
/// lock: both finish, and the books balance.
@Suite struct ConcurrentProcessTests {
    @Test func twoSeedsAtOnceOnOneDataDirectoryStayConsistent() async throws {
        let directory = KioskProcess.temporaryDirectory("two-writers")
        let children = try (1...2).map { seed in
            try KioskProcess.start(["seed", "--data-dir", directory.path, "--accounts", "15", "--months", "4",
                                    "--seed", "\(seed)", "--start", "2025-06-01"])
        }
        #expect(try children.map { try $0.wait() } == [.exited(0), .exited(0)])
        let store = try CrashSafetyTests().openStore(directory)
        #expect(try await store.accounts().count == 30)
        #expect(try await store.checkInvariants() == [])
    }
}
