@testable import KioskPostgresStore
import PostgresNIO
import Testing

/// Each statement text with its bind types gets a name of its own, kept; changes are counted by
/// the rows `RETURNING 1` answers; what cannot be counted that way, or exceeds the capacity, is
/// not prepared.
struct PreparedStatementNamesTests {
    @Test func aTextKeepsItsNameAndOtherTextsOrTypesGetOthers() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        let select = try #require(try names.prepared("SELECT * FROM t WHERE id = ? AND n > ?", types: [.text, .int8]))
        #expect(select.name == "kiosk_t1")
        #expect(select.sql == "SELECT * FROM t WHERE id = $1 AND n > $2")
        #expect(!select.countsChangesInRows)
        #expect(try names.prepared("SELECT * FROM t WHERE id = ? AND n > ?", types: [.text, .int8])?.name == "kiosk_t1")
        #expect(try names.prepared("SELECT * FROM t WHERE id = ? AND n > ?", types: [.text, .null])?.name == "kiosk_t2")
        #expect(try names.prepared("SELECT * FROM t WHERE id = ?", types: [.text])?.name == "kiosk_t3")
    }

    @Test func aChangeIsCountedByTheRowsItReturns() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        let insert = try #require(try names.prepared("insert into t(id) values (?) -- new", types: [.text]))
        #expect(insert.sql == "insert into t(id) values ($1) -- new\nRETURNING 1")
        #expect(insert.countsChangesInRows)
        #expect(try names.prepared("UPDATE t SET n = 1", types: [])?.countsChangesInRows == true)
        #expect(try names.prepared("DELETE FROM t", types: [])?.countsChangesInRows == true)
    }

    @Test func aChangeThatReturnsRowsOfItsOwnOrEndsInASemicolonIsNotPrepared() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        #expect(try names.prepared("UPDATE t SET n = n + 1 RETURNING n", types: []) == nil)
        #expect(try names.prepared("DELETE FROM t;  ", types: []) == nil)
        #expect(try names.prepared("UPDATE t SET n = n + 1 RETURNING n", types: []) == nil)
        #expect(try names.prepared("SELECT 1", types: [])?.name == "kiosk_t3")
    }

    @Test func pastItsCapacityStatementsGoUnnamed() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t", capacity: 2)
        #expect(try names.prepared("SELECT 1", types: []) != nil)
        #expect(try names.prepared("SELECT 2", types: []) != nil)
        #expect(try names.prepared("SELECT 3", types: []) == nil)
        #expect(try names.prepared("SELECT 1", types: [])?.name == "kiosk_t1")
    }

    @Test func placeholdersThatDoNotMatchTheBindsAreAnError() {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        #expect(throws: (any Error).self) { try names.prepared("SELECT ?", types: []) }
    }
}
