import Foundation

struct TestClockRecord {
    static let databaseTableName = "test_clocks"

    var id: String
    var name: String
    var frozenTime: Date
    var createdAt: Date

    var testClock: TestClock { TestClock(id: id, name: name, frozenTime: frozenTime, createdAt: createdAt) }
}

extension TestClockRecord {
    func insert(into store: any StoreTransaction) async throws {
        try await store.execute("INSERT INTO test_clocks(id, name, frozen_time, created_at) VALUES (?, ?, ?, ?)",
                                [id, name, frozenTime, createdAt])
    }

    /// A clock changes only by moving forward.
    func updateFrozenTime(in store: any StoreTransaction) async throws {
        try await store.execute("UPDATE test_clocks SET frozen_time = ? WHERE id = ?", [frozenTime, id])
    }
}

extension TestClockRecord: StoreDecodable {
    /// Decoded column by column: every purchase and renewal on a test clock reads its clock, and
    /// the Codable path was about a twelfth of a purchase in the profile (BENCHMARKS.md).
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        name = try row.get("name")
        frozenTime = try row.get("frozen_time")
        createdAt = try row.get("created_at")
    }
}
