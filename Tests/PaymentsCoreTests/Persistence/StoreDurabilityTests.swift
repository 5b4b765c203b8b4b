import Foundation
import GRDB
@testable import PaymentsCore
import Testing
import TestSupport

/// The store's commits are durable: every write connection syncs at each commit (`synchronous =
/// FULL`), as the guarantees promise, even though GRDB's pool lowers it to NORMAL when it puts
/// the database in WAL mode.
@Suite struct StoreDurabilityTests {
    @Test func theWriterSyncsEveryCommit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-durable-\(UUID().uuidString)")
        let pool = try StoreDatabase.open(DataDirectory(url: directory))
        let synchronous = try pool.write { try Int.fetchOne($0, sql: "PRAGMA synchronous") }
        #expect(synchronous == 2, "2 is FULL; 1 is NORMAL, which can lose the last commits at a power cut")
        let journal = try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
    }
}
