import Foundation
import GRDB
import Testing
@testable import PaymentsCore

/// `store snapshot save` never loses the previous snapshot, and `restore` only accepts a sound
/// Kiosk store, leaving the live store as it was otherwise (issue 17, defect 1).
@Suite(CoreTestStorage.sqliteFiles) struct SnapshotSafetyTests {
    func snapshotURL(_ store: CoreFixture, _ name: String) -> URL {
        store.directory.appendingPathComponent("snapshots/\(name).sqlite")
    }

    /// A store with one customer and a purchase, and what it looks like, to compare after a refusal.
    func populated() async throws -> (CoreFixture, Account, [Account]) {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        return (store, ada, try await store.service.accounts())
    }

    func expectRefused(_ store: CoreFixture, _ name: String, because text: String, unchanged accounts: [Account]) async throws {
        try await store.expectSnapshotRefused(name, because: text, unchanged: accounts)
    }

    @Test func aFailedSaveKeepsThePreviousSnapshot() async throws {
        let (store, ada, _) = try await populated()
        try await store.service.saveSnapshot(named: "keep")
        // The next save cannot write its copy (a folder squats on the journal paths SQLite needs).
        let squatters = ["keep.sqlite-journal", ".keep.sqlite.partial-journal"].map {
            store.directory.appendingPathComponent("snapshots/\($0)")
        }
        for squatter in squatters { try FileManager.default.createDirectory(at: squatter, withIntermediateDirectories: true) }
        _ = try await store.buy(ada, "points.500")
        await #expect(throws: PaymentsError.self) { try await store.service.saveSnapshot(named: "keep") }
        for squatter in squatters { try FileManager.default.removeItem(at: squatter) }
        try await store.service.restoreSnapshot(named: "keep")
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["themes"])
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
    }

    @Test func aSecondSaveReplacesTheFirstAndLeavesNoStagingFile() async throws {
        let (store, ada, _) = try await populated()
        try await store.service.saveSnapshot(named: "twice")
        _ = try await store.buy(ada, "points.500")
        try await store.service.saveSnapshot(named: "twice")
        _ = try await store.buy(ada, "points.500")
        try await store.service.restoreSnapshot(named: "twice")
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory.appendingPathComponent("snapshots").path)
        #expect(files.filter { $0.contains("twice") } == ["twice.sqlite"])
        #expect(try await store.service.snapshots() == ["twice"])
    }

    @Test func anEmptyFileIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "empty")
        try Data().write(to: snapshotURL(store, "empty"))
        try await expectRefused(store, "empty", because: "does not hold a Kiosk store", unchanged: accounts)
    }

    @Test func aFileThatIsNotADatabaseIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "text")
        try Data(String(repeating: "not a database\n", count: 400).utf8).write(to: snapshotURL(store, "text"))
        try await expectRefused(store, "text", because: "not a readable SQLite database", unchanged: accounts)
    }

    @Test func aForeignDatabaseIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try FileManager.default.createDirectory(at: snapshotURL(store, "foreign").deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        let foreign = try DatabaseQueue(path: snapshotURL(store, "foreign").path)
        try await foreign.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi')") }
        try foreign.close()
        try await expectRefused(store, "foreign", because: "does not hold a Kiosk store", unchanged: accounts)
    }

    @Test func aSnapshotFromANewerSchemaIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "future")
        let file = try DatabaseQueue(path: snapshotURL(store, "future").path)
        try await file.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        try file.close()
        try await expectRefused(store, "future", because: "v99-from-the-future", unchanged: accounts)
    }

    /// A snapshot made before the history was squashed into the baseline (v30) names an older release.
    @Test func aSnapshotOlderThanTheBaselineIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "ancient")
        let file = try DatabaseQueue(path: snapshotURL(store, "ancient").path)
        try await file.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations; INSERT INTO grdb_migrations VALUES ('v1'), ('v2-simulated-store')")
        }
        try file.close()
        try await expectRefused(store, "ancient", because: "it has schema v2, older than v30", unchanged: accounts)
    }

    @Test func aSnapshotWhoseBooksDoNotBalanceIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "cooked")
        let file = try DatabaseQueue(path: snapshotURL(store, "cooked").path)
        try await file.write { db in try db.execute(sql: "DELETE FROM ledger") }
        try file.close()
        try await expectRefused(store, "cooked", because: "books do not hold", unchanged: accounts)
    }

    @Test func aDamagedFileIsRefused() async throws {
        let (store, _, accounts) = try await populated()
        try await store.service.saveSnapshot(named: "damaged")
        let url = snapshotURL(store, "damaged")
        var bytes = try Data(contentsOf: url)
        // Garbage over every page but the first (the header and schema root stay intact).
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try bytes.write(to: url)
        do {
            try await store.service.restoreSnapshot(named: "damaged")
            Issue.record("a damaged snapshot was restored")
        } catch PaymentsError.snapshotRejected {}
        #expect(try await store.service.accounts() == accounts)
    }

    @Test func snapshotsAreOwnerOnly() async throws {
        let (store, _, _) = try await populated()
        try await store.service.saveSnapshot(named: "private")
        let folder = try FileManager.default.attributesOfItem(atPath: store.directory.appendingPathComponent("snapshots").path)
        let file = try FileManager.default.attributesOfItem(atPath: snapshotURL(store, "private").path)
        #expect((folder[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
        #expect((file[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
    }
}
