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
        #expect(select.count == .rowsSelected)
        #expect(select.types == [.text, .int8])
        #expect(try names.prepared("SELECT * FROM t WHERE id = ? AND n > ?", types: [.text, .int8])?.name == "kiosk_t1")
        #expect(try names.prepared("SELECT * FROM t WHERE id = ? AND n > ?", types: [.text, .float8])?.name == "kiosk_t2")
        #expect(try names.prepared("SELECT * FROM t WHERE id = ?", types: [.text])?.name == "kiosk_t3")
    }

    /// NULL has no type: its place is left to the server, in a statement of its own.
    @Test func eachPatternOfNullsIsAStatementOfItsOwn() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        let withNull = try #require(try names.prepared("INSERT INTO t(id, note) VALUES (?, ?)", types: [.text, .null]))
        #expect(withNull.name == "kiosk_t1" && withNull.types == [.text, .null])
        #expect(try names.prepared("INSERT INTO t(id, note) VALUES (?, ?)", types: [.text, .text])?.name == "kiosk_t2")
        #expect(try names.prepared("INSERT INTO t(id, note) VALUES (?, ?)", types: [.text, .null])?.name == "kiosk_t1")
    }

    @Test func aChangeIsCountedByTheRowsItReturns() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        let insert = try #require(try names.prepared("insert into t(id) values (?) -- new", types: [.text]))
        #expect(insert.sql == "insert into t(id) values ($1) -- new\nRETURNING 1")
        #expect(insert.count == .rowsReturned)
        #expect(try names.prepared("UPDATE t SET n = 1", types: [])?.count == .rowsReturned)
        #expect(try names.prepared("DELETE FROM t", types: [])?.count == .rowsReturned)
    }

    /// Their rows do not count what they changed, or RETURNING cannot be added: only the command
    /// tag tells, so `execute` sends them unnamed (`fetch` still runs them prepared, unchanged).
    @Test func otherStatementsAreCountedByTheirCommandTag() throws {
        let names = PreparedStatementNames(prefix: "kiosk_t")
        for sql in ["UPDATE t SET n = n + 1 RETURNING n", "DELETE FROM t;  ", "UPDATE t SET n = 1; -- the end",
                    "WITH x AS (SELECT 1) UPDATE t SET n = 2",
                    "MERGE INTO t USING u ON t.id = u.id WHEN MATCHED THEN DELETE", "CREATE TABLE c AS SELECT 1",
                    "-- SELECT\nUPDATE t SET n = 3"] {
            let prepared = try #require(try names.prepared(sql, types: []))
            #expect(prepared.count == .commandTagOnly, "\(sql)")
            #expect(prepared.sql == sql, "\(sql)")
        }
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
