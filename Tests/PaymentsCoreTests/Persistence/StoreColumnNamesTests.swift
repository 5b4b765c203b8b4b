@testable import PaymentsCore
import Testing

@Suite("Store column names")
struct StoreColumnNamesTests {
    @Test("record keys map to snake-case columns and back", arguments: [
        ("id", "id"), ("accountID", "account_id"), ("pmLast4", "pm_last4"), ("last4", "last4"),
        ("originalTransactionID", "original_transaction_id"), ("expMonth", "exp_month"),
        ("nextEventAt", "next_event_at"), ("testClockID", "test_clock_id"),
    ])
    func roundTrips(key: String, column: String) {
        #expect(StoreColumnNames.column(forKey: key) == column)
        #expect(StoreColumnNames.key(forColumn: column) == key)
    }

    @Test("a run of capitals before a word splits before the word's capital")
    func acronymBeforeAWord() {
        #expect(StoreColumnNames.column(forKey: "URLHost") == "url_host")
    }
}
