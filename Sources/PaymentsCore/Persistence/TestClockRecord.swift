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
