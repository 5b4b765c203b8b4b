import Foundation
import GRDB

struct TestClockRecord: StoreRecord {
    static let databaseTableName = "test_clocks"

    var id: String
    var name: String
    var frozenTime: Date
    var createdAt: Date

    var testClock: TestClock { TestClock(id: id, name: name, frozenTime: frozenTime, createdAt: createdAt) }
}

extension TestClockRecord {
    /// Decoded column by column: every purchase and renewal on a test clock reads its clock, and
    /// the Codable path was about a twelfth of a purchase in the profile (BENCHMARKS.md).
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        frozenTime = Date(milliseconds: try row.decode(forColumn: "frozen_time"))
        createdAt = Date(milliseconds: try row.decode(forColumn: "created_at"))
    }
}
