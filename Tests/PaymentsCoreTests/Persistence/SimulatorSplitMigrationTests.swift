import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// Migrations v14 to v16, from stores an older Kiosk left. v14: the store loses the fingerprint key the card processor now
/// keeps itself, and a checkout challenge that named a card token, which nothing can answer now.
@Suite struct SimulatorSplitMigrationTests {
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

    /// Migration v15: confirmations the receiver wrote into the provider's sessions move to its
    /// own table, and the provider's column goes.
    @Test func confirmationsMoveToTheReceiversOwnTable() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v14-card-processor")
        try queue.write { db in
            for (id, payment, confirmed) in [("cks_confirmed", "INV-000001", 1_000), ("cks_paid", "INV-000002", nil),
                                             ("cks_open", nil, nil)] as [(String, String?, Int64?)] {
                try db.execute(sql: """
                    INSERT INTO checkout_sessions (id, account_id, product_id, success_url, cancel_url, state, status,
                                                   payment_status, created_at, expires_at, payment_id, confirmed_at)
                    VALUES (?, 'acct_1', 'themes', 'http://127.0.0.1/s', 'http://127.0.0.1/c', 'abc', 'open', 'unpaid', 0, 1, ?, ?)
                    """, arguments: [id, payment, confirmed])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let (confirmations, columns) = try queue.read { db in
            (try Row.fetchAll(db, sql: "SELECT session_id, payment_id, confirmed_at FROM checkout_confirmations")
                .map { "\($0["session_id"] as String) \($0["payment_id"] as String) \($0["confirmed_at"] as Int64)" },
             try db.columns(in: "checkout_sessions").map(\.name))
        }
        #expect(confirmations == ["cks_confirmed INV-000001 1000"])
        #expect(!columns.contains("confirmed_at"))
    }

    /// Migration v16: the provider's cursor and its message and delivery numbering move out of
    /// the store's `meta` and `sequences`, and numbering continues where it was.
    @Test func theProvidersCursorAndNumberingMoveToItsOwnTables() throws {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue, upTo: "v15-checkout-confirmations")
        try queue.write { db in
            try db.execute(sql: "UPDATE meta SET value = '42' WHERE key = 'provider_event_cursor'")
            try db.execute(sql: "INSERT INTO sequences(name, value) VALUES ('msg', 7), ('whd', 9), ('pm', 3)")
        }
        try StoreSchema.migrator.migrate(queue)
        let (meta, sequences, state, numbering) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT key FROM meta"),
             try String.fetchAll(db, sql: "SELECT name || '=' || value FROM sequences ORDER BY name"),
             try String.fetchAll(db, sql: "SELECT key || '=' || value FROM provider_state"),
             try String.fetchAll(db, sql: "SELECT name || '=' || value FROM provider_sequences ORDER BY name"))
        }
        #expect(!meta.contains("provider_event_cursor"))
        #expect(sequences == ["pm=3"])
        #expect(state == ["provider_event_cursor=42"])
        #expect(numbering == ["msg=7", "whd=9"])
    }
}
