import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// Migration v14: a store an older Kiosk left loses the fingerprint key the card processor now
/// keeps itself, and a checkout challenge that named a card token, which nothing can answer now.
@Suite struct CardProcessorMigrationTests {
    @Test func theStoresFingerprintKeyAndOldChallengesGoWhileEverythingElseStays() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false  // sessions of an account the test does not create
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v13-provider-event-feed")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('card_fingerprint_key', '1:2'), ('kept', 'yes')")
            for (id, pending) in [("cks_waiting", "{\"id\":\"tok_1\",\"behaviour\":{\"succeeds\":{}}}"), ("cks_plain", nil)] {
                try db.execute(sql: """
                    INSERT INTO checkout_sessions (id, account_id, product_id, success_url, cancel_url, state, status,
                                                   payment_status, created_at, expires_at, pending_card)
                    VALUES (?, 'acct_1', 'themes', 'http://127.0.0.1/s', 'http://127.0.0.1/c', 'abc', 'open', 'unpaid', 0, 1, ?)
                    """, arguments: [id, pending])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let (keys, sessions, waiting) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT key FROM meta ORDER BY key"),
             try String.fetchAll(db, sql: "SELECT id FROM checkout_sessions ORDER BY id"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM checkout_sessions WHERE pending_card IS NOT NULL"))
        }
        #expect(keys.contains("kept") && !keys.contains("card_fingerprint_key"))
        #expect(sessions == ["cks_plain", "cks_waiting"])
        #expect(waiting == 0)
    }
}
