import Foundation
import KioskResources
import PaymentsCore
import Testing

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
        return try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: SystemClock())
    }

    @Test func killedMidSeedTheBooksStillBalanceAndTheStoreKeepsWorking() async throws {
        let directory = KioskProcess.temporaryDirectory("crash")
        var committed = 0
        for round in 0..<4 {
            let process = Process()
            process.executableURL = KioskProcess.binaryURL
            process.arguments = seed(directory, seed: round + 1, months: 12)
            let progress = Pipe()
            process.standardError = progress
            process.standardOutput = FileHandle.nullDevice
            try KioskProcess.launch(process)
            // Kill after a different number of progress lines each round: the child is then in the
            // middle of its next month's transactions.
            var lines = 0
            var buffer = Data()
            while lines < 1 + round % 3 {
                let chunk = progress.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                lines = buffer.split(separator: UInt8(ascii: "\n")).count
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round) finished before it was killed")

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
        let processes = try (1...2).map { seed -> Process in
            let process = Process()
            process.executableURL = KioskProcess.binaryURL
            process.arguments = ["seed", "--data-dir", directory.path, "--accounts", "15", "--months", "4",
                                 "--seed", "\(seed)", "--start", "2025-06-01"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try KioskProcess.launch(process)
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == [0, 0])
        let store = try CrashSafetyTests().openStore(directory)
        #expect(try await store.accounts().count == 30)
        #expect(try await store.checkInvariants() == [])
    }
}
