import Foundation
import Testing

@Suite struct SeedAndStatusTests {
    @Test func seedIsDeterministicAndStatusShowsTheResult() throws {
        let first = KioskProcess.temporaryDirectory("seed-a")
        let second = KioskProcess.temporaryDirectory("seed-b")
        let arguments = ["--accounts", "5", "--months", "3", "--seed", "42", "--start", "2025-03-01"]
        let a = try KioskProcess.run(["seed", "--data-dir", first.path] + arguments)
        let b = try KioskProcess.run(["seed", "--data-dir", second.path] + arguments)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(a.stdout.contains("Seeded 5 customers of Kiosk Demo Store over 3 months"))
        #expect(a.stderr.split(separator: "\n").filter { $0.hasPrefix("seed: month ") }.count == 3)
        #expect(a.stdout.contains("Signed in as "), "\(a.stdout)")
        let store = try KioskProcess.run(["run", "--dump", "--data-dir", first.path], environment: ["LANG": "C.UTF-8"])
        #expect(store.stdout.contains("Restore purchases") && !store.stdout.contains("Nobody is signed in"), "\(store.stdout)")
        let statusA = try KioskProcess.run(["status", "--data-dir", first.path, "--account", "acct_000003"])
        let statusB = try KioskProcess.run(["status", "--data-dir", second.path, "--account", "acct_000003"])
        #expect(statusA.status == 0 && statusB.status == 0)
        #expect(statusA.stdout.contains("Latest invoices"))
        // Same seed and start, same history: only the data directory path differs.
        let strip = { (text: String) in text.split(separator: "\n").dropFirst().joined(separator: "\n") }
        #expect(strip(statusA.stdout) == strip(statusB.stdout))
        #expect(strip(statusA.stdout) != "")
    }

    /// Issue 37: showing a store (its status, the first frame) does not read the card processor's
    /// key: a missing one is not made, and one that cannot be read does not stop them.
    @Test func statusAndTheFirstFrameNeitherReadNorMakeTheCardKey() throws {
        let directory = KioskProcess.temporaryDirectory("card-key")
        let seeded = try KioskProcess.run(["seed", "--data-dir", directory.path, "--accounts", "2", "--months", "1"])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        // The seed's customers have saved cards, but no card was typed: no key yet.
        let key = directory.appendingPathComponent("card-processor.key")
        let status = try KioskProcess.run(["status", "--data-dir", directory.path])
        #expect(status.status == 0 && status.stdout.contains("Accounts: 2"), "\(status.stderr)")
        let frame = try KioskProcess.run(["run", "--dump", "--data-dir", directory.path], environment: ["LANG": "C.UTF-8"])
        #expect(frame.status == 0 && frame.stdout.contains("Restore purchases"), "\(frame.stderr)")
        #expect(!FileManager.default.fileExists(atPath: key.path), "the key was made without a card to save")

        try Data("not a key\n".utf8).write(to: key)
        let damaged = try KioskProcess.run(["status", "--data-dir", directory.path])
        #expect(damaged.status == 0, "\(damaged.stderr)")
        let shown = try KioskProcess.run(["run", "--dump", "--data-dir", directory.path], environment: ["LANG": "C.UTF-8"])
        #expect(shown.status == 0 && shown.stdout.contains("Restore purchases"), "\(shown.stderr)")
    }

    /// Issue 37: nor do they read the signing chains: none is made, and a damaged one does not
    /// stop them (it stops only what signs or verifies, see SigningChainsOnFirstUseTests).
    @Test func statusAndTheFirstFrameNeitherReadNorMakeTheSigningChains() throws {
        let directory = KioskProcess.temporaryDirectory("chains")
        let created = try KioskProcess.run(["store", "reset", "--data-dir", directory.path])
        #expect(created.status == 0, "\(created.stderr)")
        let folders = ["merchant-signing", "transaction-signing"].map(directory.appendingPathComponent)
        let status = try KioskProcess.run(["status", "--data-dir", directory.path])
        #expect(status.status == 0 && status.stdout.contains("No customers yet"), "\(status.stderr)")
        let frame = try KioskProcess.run(["run", "--dump", "--data-dir", directory.path], environment: ["LANG": "C.UTF-8"])
        #expect(frame.status == 0 && frame.stdout.contains("Restore purchases"), "\(frame.stderr)")
        #expect(folders.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "a chain was made without a signature")

        try FileManager.default.createDirectory(at: folders[0], withIntermediateDirectories: true)
        try Data("not a certificate\n".utf8).write(to: folders[0].appendingPathComponent("root-ca.pem"))
        let damaged = try KioskProcess.run(["status", "--data-dir", directory.path])
        #expect(damaged.status == 0, "\(damaged.stderr)")
        let shown = try KioskProcess.run(["run", "--dump", "--data-dir", directory.path], environment: ["LANG": "C.UTF-8"])
        #expect(shown.status == 0 && shown.stdout.contains("Restore purchases"), "\(shown.stderr)")
    }

    @Test func statusOnAnEmptyStoreExplainsHowToStart() throws {
        let directory = KioskProcess.temporaryDirectory("status-empty")
        let created = try KioskProcess.run(["store", "reset"], environment: ["KIOSK_DATA_DIR": directory.path])
        #expect(created.status == 0, "\(created.stderr)")
        let result = try KioskProcess.run(["status"], environment: ["KIOSK_DATA_DIR": directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Kiosk Demo Store — data in \(directory.path), catalog: embedded default"))
        #expect(result.stdout.contains("No customers yet"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("kiosk.sqlite").path))
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let result = try KioskProcess.run(["seed", "--accounts", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--accounts must be 1 to 100000"))
    }

    @Test func brokenUserCatalogIsReportedNotReplaced() throws {
        let directory = KioskProcess.temporaryDirectory("broken-catalog")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "catalog: 1\nname: [unclosed\n".write(to: directory.appendingPathComponent("catalog.yaml"), atomically: true, encoding: .utf8)
        let result = try KioskProcess.run(["status", "--data-dir", directory.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("catalog.yaml:"))
        #expect(result.stderr.contains("error:"))
    }
}
