import Foundation
import GRDB
@testable import PaymentsCore
import Testing
import TestSupport

/// The store's commits are durable: every write connection syncs at each commit (`synchronous =
/// FULL`), as the guarantees promise, even though GRDB's pool lowers it to NORMAL when it puts
/// the database in WAL mode.
@Suite struct StoreDurabilityTests {
    static func temporaryDirectory() -> DataDirectory {
        DataDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-durable-\(UUID().uuidString)"))
    }

    @Test(arguments: [StoreDatabase.Connections.pool, .single])
    func theWriterSyncsEveryCommit(connections: StoreDatabase.Connections) throws {
        let database = try StoreDatabase.open(Self.temporaryDirectory(), connections: connections)
        let synchronous = try database.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
        #expect(synchronous == 2, "2 is FULL; 1 is NORMAL, which can lose the last commits at a power cut")
        let journal = try database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }

    /// Issue 37: a terminal's first frame only reads, so opening a store that exists with one
    /// connection writes nothing to its journal (a pool commits GRDB's table made and dropped).
    @Test func oneConnectionOpensAnExistingStoreWithoutWriting() throws {
        let directory = Self.temporaryDirectory()
        do {
            let created = try StoreDatabase.open(directory, connections: .single)
            try created.close()
        }
        let wal = directory.databaseURL.path + "-wal"
        #expect(!FileManager.default.fileExists(atPath: wal), "the last connection's close removes its journal")
        let database = try StoreDatabase.open(directory, connections: .single)
        let accounts = try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM accounts") }
        #expect(accounts == 0)
        let journalSize = try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int ?? 0
        #expect(journalSize == 0, "opening and reading wrote \(journalSize) bytes to the journal")
        try database.close()
    }
}
