import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// Migrations v14 to v26, from stores an older Kiosk left. v14: the store loses the fingerprint key the card processor now
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

    /// Migration v17: what the provider used to look up in the store's tables it now keeps itself,
    /// as of the events its cursor had read: each checkout subscription's product (after a plan
    /// change) and whether it is on hold; and it gets its own copy of the webhook secrets.
    @Test func theProviderKeepsWhatItLookedUpAsOfItsCursor() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v16-provider-state")
        try queue.write { db in
            try db.execute(sql: "UPDATE provider_state SET value = '5' WHERE key = 'provider_event_cursor'")
            try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('webhook_secrets', '{\"secrets\":[]}')")
            for (id, subscription) in [("cks_changed", "sub_1"), ("cks_held", "sub_2"), ("cks_later", "sub_3")] {
                try db.execute(sql: """
                    INSERT INTO checkout_sessions (id, account_id, product_id, success_url, cancel_url, state, status,
                                                   payment_status, created_at, expires_at, subscription_id)
                    VALUES (?, 'acct_1', 'pro.monthly', 'http://127.0.0.1/s', 'http://127.0.0.1/c', 'abc', 'complete',
                            'paid', 0, 1, ?)
                    """, arguments: [id, subscription])
            }
            for (seq, type, subscription, product, invoice) in [
                (1, "subscription.started", "sub_1", "pro.monthly", "INV-1"),
                (2, "subscription.plan_changed", "sub_1", "pro.yearly", "INV-2"),
                (3, "subscription.renewal_failed", "sub_2", nil, "INV-3"),
                (4, "subscription.grace_period_started", "sub_2", nil, nil),
                (6, "subscription.billing_retry_started", "sub_3", nil, nil),
            ] as [(Int64, String, String, String?, String?)] {
                try db.execute(sql: """
                    INSERT INTO events(seq, account_id, type, at, subscription_id, product_id, invoice_id)
                    VALUES (?, 'acct_1', ?, 0, ?, ?, ?)
                    """, arguments: [seq, type, subscription, product, invoice])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let (sessions, secrets) = try queue.read { db in
            (try String.fetchAll(db, sql: """
                SELECT id || ' ' || subscription_product_id || ' ' || on_hold FROM checkout_sessions ORDER BY id
                """),
             try String.fetchOne(db, sql: "SELECT value FROM provider_state WHERE key = 'webhook_secrets'"))
        }
        #expect(sessions == ["cks_changed pro.yearly 0", "cks_held pro.monthly 1", "cks_later pro.monthly 0"])
        #expect(secrets == "{\"secrets\":[]}")
    }

    /// Migration v18: every transaction names who signs it. What the store account paid (a store
    /// subscription's transactions, a store purchase's) is the App Store's; the rest the
    /// merchant's. Tokens already stored are kept as they are.
    @Test func transactionsOfStoreBilledSalesBecomeTheAppStoresAndTokensStay() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v17-provider-over-api")
        try queue.write { db in
            for (id, billing) in [("sub_card", "card"), ("sub_store", "store")] {
                try db.execute(sql: """
                    INSERT INTO subscriptions (id, account_id, group_id, plan_id, product_id, state, period_type, period_start,
                                               period_end, original_purchase, series_anchor, series_index, will_auto_renew,
                                               paid_amount, currency, billing)
                    VALUES (?, 'acct_1', 'pro', 'pro', 'pro.monthly', 'subscribed', 'normal', 0, 1, 0, 0, 0, 1, 1000, 'USD', ?)
                    """, arguments: [id, billing])
            }
            for (id, invoice, billing) in [("pur_card", "INV-3", "card"), ("pur_store", "INV-4", "store")] {
                try db.execute(sql: """
                    INSERT INTO purchases (id, account_id, product_id, type, purchased_at, invoice_id, billing)
                    VALUES (?, 'acct_1', 'themes', 'nonConsumable', 0, ?, ?)
                    """, arguments: [id, invoice, billing])
            }
            for (id, subscription, invoice) in [("1", "sub_card", "INV-1"), ("2", "sub_store", "INV-2"), ("3", nil, "INV-3"),
                                                ("4", nil, "INV-4"), ("5", "sub_store", "INV-5")] as [(String, String?, String)] {
                try db.execute(sql: """
                    INSERT INTO transactions (id, original_id, account_id, product_id, subscription_id, invoice_id, purchase_date, jws)
                    VALUES (?, ?, 'acct_1', 'p', ?, ?, 0, ?)
                    """, arguments: [id, id, subscription, invoice, "token-\(id)"])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let rows = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT id || ' ' || issuer || ' ' || jws FROM transactions ORDER BY id")
        }
        #expect(rows == ["1 merchant token-1", "2 app_store token-2", "3 merchant token-3", "4 app_store token-4",
                         "5 app_store token-5"])
        // Card sales signed by the App Store's chain: that chain counts as used from now on.
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'app_store_signed_merchant_sales'") }
                == "1")
    }

    /// Migration v26: the sheet's requests (ask to buy, interrupted purchases), answered or not,
    /// move to the App Store's own table with their ids, requests and answers; the merchant keeps
    /// its 3-D Secure challenges and price-increase consents; the App Store gets the controls.
    @Test func theSheetsRequestsMoveToTheAppStoreAndTheMerchantKeepsItsOwn() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v25-shared-secrets")
        try queue.write { db in
            for (id, kind, resolution) in [("pend_000001", "ask_to_buy", "approved"), ("pend_000002", "interrupted_purchase", nil),
                                           ("pend_000003", "three_d_secure", nil), ("pend_000004", "price_increase", "declined")]
                as [(String, String, String?)] {
                try db.execute(sql: """
                    INSERT INTO pending_actions (id, account_id, kind, product_id, request, created_at, resolved_at, resolution)
                    VALUES (?, 'acct_1', ?, 'themes', '{"accountID":"acct_1"}', 5, ?, ?)
                    """, arguments: [id, kind, resolution == nil ? nil : 6, resolution])
            }
            try db.execute(sql: "INSERT INTO meta(key, value) VALUES ('controls', '{\"askToBuy\":true,\"renewalsFail\":true}')")
            try db.execute(sql: """
                INSERT INTO events(seq, account_id, type, at) VALUES (7, 'acct_1', 'purchase.completed', 0),
                                                                     (9, 'acct_1', 'purchase.completed', 0)
                """)
            for (id, subscription, issuer) in [("10", nil, "app_store"), ("11", "sub_1", "app_store"), ("12", nil, "merchant")]
                as [(String, String?, String)] {
                try db.execute(sql: """
                    INSERT INTO transactions (id, original_id, account_id, product_id, subscription_id, invoice_id, purchase_date,
                                              jws, payload, issuer)
                    VALUES (?, ?, 'acct_1', 'themes', ?, 'INV-1', 5, 'token-' || ?, NULL, ?)
                    """, arguments: [id, id, subscription, id, issuer])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        let (merchant, appStore) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT id || ' ' || kind FROM pending_actions ORDER BY id"),
             try String.fetchAll(db, sql: """
                 SELECT id || ' ' || kind || ' ' || request || ' ' || created_at || ' ' || COALESCE(resolution, 'waiting')
                 FROM appstore_pending_actions ORDER BY id
                 """))
        }
        #expect(merchant == ["pend_000003 three_d_secure", "pend_000004 price_increase"])
        // The App Store keeps a copy of the one-time sales it made, to refund them.
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT id || ' ' || jws FROM appstore_transactions") }
                == ["10 token-10"])
        // Events up to here still notify their one-time store purchases; the sheet queues later ones.
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT value FROM appstore_state WHERE key = 'legacy_event_end'") }
                == "9")
        // The App Store starts from the tester's controls as they were, and reads its own of them.
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT value FROM appstore_state WHERE key = 'controls'") }
                == "{\"askToBuy\":true,\"renewalsFail\":true}")
        #expect(appStore == ["pend_000001 ask_to_buy {\"accountID\":\"acct_1\"} 5 approved",
                             "pend_000002 interrupted_purchase {\"accountID\":\"acct_1\"} 5 waiting"])
    }

    /// Migration v27: a store-billed subscription the in-core store sold continues on the App
    /// Store exactly where it was (period, series, offers, billing issue, clock), its transactions
    /// copied to the App Store's; the merchant's row becomes a mirror with nothing scheduled (its
    /// unpaid renewal invoice kept for the mirror to close); a card subscription stays the
    /// merchant's; the outbox's rows count as delivered to the merchant; events up to here are
    /// the last the collector turns into notifications.
    @Test func storeSubscriptionsMoveToTheAppStoreAndTheMerchantKeepsMirrors() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v26-app-store-sheet")
        try queue.write { db in
            for (id, billing, original) in [("sub_card", "card", nil), ("sub_store", "store", "2000000000000002")] as [(String, String, String?)] {
                try db.execute(sql: """
                    INSERT INTO subscriptions (id, account_id, group_id, plan_id, product_id, state, period_type, period_start,
                                               period_end, original_purchase, series_anchor, series_index, will_auto_renew,
                                               paid_amount, currency, billing, original_transaction_id, clock_id, next_event_at,
                                               billing_issue_at, grace_ends_at, retry_ends_at, next_retry_at, retry_index,
                                               open_invoice_id, offer_code, offer_periods_left, price_override)
                    VALUES (?, 'acct_1', 'pro', 'pro', 'pro.monthly', 'inGracePeriod', 'normal', 100, 200, 50, 50, 3, 1, 1000,
                            'USD', ?, ?, 'clk_1', 210, 200, 1600, 6000, 210, 0, 'INV-9', 'HALF', 1, 1200)
                    """, arguments: [id, billing, original])
            }
            for (id, subscription, date) in [("2000000000000001", "sub_card", 100), ("2000000000000002", "sub_store", 50),
                                             ("2000000000000003", "sub_store", 100)] {
                try db.execute(sql: """
                    INSERT INTO transactions (id, original_id, account_id, product_id, subscription_id, invoice_id, purchase_date,
                                              jws, payload, issuer)
                    VALUES (?, '2000000000000002', 'acct_1', 'pro.monthly', ?, 'INV-1', ?, '', '{}', ?)
                    """, arguments: [id, subscription, date, subscription == "sub_card" ? "merchant" : "app_store"])
            }
            try db.execute(sql: """
                INSERT INTO store_notifications (uuid, event_id, type, created_at, next_attempt_at) VALUES ('n-1', 7, 'DID_RENEW', 5, 5)
                """)
            try db.execute(sql: "INSERT INTO events (account_id, type, at) VALUES ('acct_1', 'subscription.renewed', 100)")
            for (id, subscription) in [("pend_store", "sub_store"), ("pend_card", "sub_card")] {
                try db.execute(sql: """
                    INSERT INTO pending_actions (id, account_id, kind, product_id, subscription_id, request, created_at)
                    VALUES (?, 'acct_1', 'price_increase', 'pro.monthly', ?, '{"minorUnits":1200,"currency":"USD"}', 9)
                    """, arguments: [id, subscription])
            }
            try db.execute(sql: "UPDATE meta SET value = '{\"renewalsFail\":true,\"faults\":[]}' WHERE key = 'controls'")
            try db.execute(sql: "INSERT INTO meta(key, value) SELECT 'controls', '{\"renewalsFail\":true}' WHERE NOT EXISTS (SELECT 1 FROM meta WHERE key = 'controls')")
            try db.execute(sql: """
                INSERT INTO appstore_state(key, value) VALUES ('controls', '{"askToBuy":true,"droppedReceiptSubmissions":0}')
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """)
        }
        try StoreSchema.migrator.migrate(queue)
        let (apple, copied, merchant, outbox, end) = try queue.read { db in
            (try Row.fetchOne(db, sql: "SELECT * FROM appstore_subscriptions"),
             try String.fetchAll(db, sql: "SELECT id FROM appstore_transactions ORDER BY id"),
             try String.fetchAll(db, sql: """
                SELECT id || ' ' || COALESCE(mirror_signed_at, -1) || ' ' || COALESCE(next_event_at, -1) || ' '
                       || COALESCE(open_invoice_id, '-') FROM subscriptions ORDER BY id
                """),
             try String.fetchAll(db, sql: "SELECT uuid || ' ' || merchant_delivered_at FROM store_notifications"),
             try String.fetchOne(db, sql: "SELECT value FROM appstore_state WHERE key = 'legacy_subscription_event_end'"))
        }
        let row = try #require(apple)
        #expect(row["original_transaction_id"] as String == "2000000000000002")
        #expect(row["latest_transaction_id"] as String == "2000000000000003")
        #expect(row["state"] as String == "inGracePeriod" && row["clock_id"] as String == "clk_1")
        #expect(row["period_start"] as Int64 == 100 && row["period_end"] as Int64 == 200 && row["series_index"] as Int64 == 3)
        #expect(row["next_event_at"] as Int64 == 210 && row["next_retry_at"] as Int64 == 210 && row["grace_ends_at"] as Int64 == 1600)
        #expect(row["offer_code"] as String == "HALF" && row["price_override"] as Int64 == 1200)
        #expect(copied == ["2000000000000002", "2000000000000003"])
        #expect(merchant == ["sub_card -1 210 INV-9", "sub_store 0 -1 INV-9"])
        #expect(outbox == ["n-1 5"])
        #expect(end == "1")
        let (consents, merchantsConsents, controls) = try queue.read { db in
            (try String.fetchAll(db, sql: """
                SELECT id || ' ' || original_transaction_id || ' ' || subscription_id || ' ' || request FROM appstore_pending_actions
                """),
             try String.fetchAll(db, sql: "SELECT id FROM pending_actions"),
             try String.fetchOne(db, sql: "SELECT value FROM appstore_state WHERE key = 'controls'"))
        }
        #expect(consents == [#"pend_store 2000000000000002 sub_store {"minorUnits":1200,"currency":"USD"}"#])
        #expect(merchantsConsents == ["pend_card"])
        let switches = try JSONDecoder().decode(AppStoreControls.self, from: Data(try #require(controls).utf8))
        #expect(switches == AppStoreControls(askToBuy: true, renewalsFail: true), "the tester's switch, on the App Store's side too")
    }
}
