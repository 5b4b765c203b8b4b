import Foundation
import GRDB
@testable import PaymentsCore
import TestSupport
import Testing

/// Migration v28: the answers the in-core store gave to keyed store purchases move to the App
/// Store's keys, and the transactions they and the device's waiting receipts name to its copies,
/// so the App Store answers for its past without asking the merchant. The answers are encoded as
/// the merchant encoded them (`IdempotentRequests.encodedAnswer`), so the SQL reading them is
/// tested against the shapes a store really holds. PostgreSQL's twin has its own test
/// (`PostgresPastAnswersMigrationTests`).
@Suite struct AppStorePastAnswersMigrationTests {
    /// A real sale's answer, its token signed and not yet signed (the payload kept as its bytes).
    private func answers() async throws -> (signed: String, unsigned: String, pending: String, cancelled: String) {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(sold, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "themes")) else { throw FixtureError.missing("a sale") }
        var payload = sold.payload
        payload.transactionId = "2000000000000009"
        let bytes = try TransactionJSONCoding.makeEncoder().encode(payload)
        let unsigned = SignedTransaction(payload: payload, token: TransactionToken(encodedPayload: bytes) { _ in
            Issue.record("an answer stored inside a write is never signed")
            return ""
        })
        let waiting = PendingAction(id: "pa_9", accountID: ada.id, kind: .askToBuy, productID: "themes", subscriptionID: nil,
                                    createdAt: Date(timeIntervalSince1970: 1), newPrice: nil)
        return (try IdempotentRequests.encodedAnswer(StorePurchaseResult.success(sold, booked)),
                try IdempotentRequests.encodedAnswer(StorePurchaseResult.success(unsigned, booked)),
                try IdempotentRequests.encodedAnswer(StorePurchaseResult.pending(waiting)),
                try IdempotentRequests.encodedAnswer(StorePurchaseResult.userCancelled))
    }

    @Test func theInCoreStoresKeyedAnswersAndTheirTransactionsBecomeTheAppStores() async throws {
        let (signed, unsigned, pending, cancelled) = try await answers()
        #expect(unsigned.contains("payloadJSON") && !signed.contains("payloadJSON"), "both shapes a stored answer takes")
        let (keys, copies, receipts, merchantsKeys) = try migrated(answers: [
            ("k-signed", "store_purchase", signed), ("k-unsigned", "store_purchase", unsigned), ("k-pending", "store_purchase", pending),
            ("k-cancelled", "store_purchase", cancelled), ("k-card", "purchase", signed)])
        #expect(keys == [#"k-pending pa_9 - {"key":"k-pending"} 7"#, #"k-signed - 2000100000000001 {"key":"k-signed"} 7"#,
                         #"k-unsigned - 2000000000000009 {"key":"k-unsigned"} 7"#])
        #expect(copies == ["2000000000000009  {\"id\":\"2000000000000009\"}", "2000000000000010 token-10 {\"id\":\"2000000000000010\"}",
                           "2000000000000011  {\"id\":\"2000000000000011\"}", "2000100000000001 apple-token {}"],
                "the App Store's own copy stays; a copy named by nothing waiting is not made")
        #expect(receipts == ["2000000000000010 token-10", "2000000000000011 ", "2000000000000012 "])
        #expect(merchantsKeys == 5, "the merchant's copies of the answers stay")
    }

    /// v29: the App Store's subscriptions are filed under their customers' clocks as they are
    /// (the App Store follows the merchant's clock events from here on, after the last event).
    @Test func theAppStoresSubscriptionsAreFiledUnderTheirCustomersClocksAndFollowEventsAfterTheLast() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v28-app-store-past-answers")
        try queue.write { db in
            for (account, clock) in [("acct_on", "'clk_2'"), ("acct_off", "NULL")] {
                try db.execute(sql: """
                    INSERT INTO accounts (id, email, name, created_at, currency, storefront, test_clock_id, details)
                    VALUES (?, ? || '@example.com', 'A', 0, 'USD', 'USA', \(clock), '{}')
                    """, arguments: [account, account])
            }
            for (original, account) in [("2000000000000001", "acct_on"), ("2000000000000002", "acct_off"), ("2000000000000003", "acct_gone")] {
                try db.execute(sql: """
                    INSERT INTO appstore_subscriptions (original_transaction_id, account_id, product_id, state, period_type, period_start,
                        period_end, original_purchase, series_anchor, series_index, intro_periods_left, offer_periods_left,
                        will_auto_renew, retry_index, currency, latest_transaction_id, clock_id, next_event_at)
                    VALUES (?, ?, 'pro.yearly', 'subscribed', 'normal', 0, 1, 0, 0, 0, 0, 0, 1, 0, 'USD', ?, 'clk_1', 1)
                    """, arguments: [original, account, original])
            }
            try db.execute(sql: "INSERT INTO events (account_id, type, at) VALUES ('acct_on', 'account.created', 0), ('acct_on', 'subscription.renewed', 1)")
        }
        try StoreSchema.migrator.migrate(queue)
        let (filed, cursor) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT account_id || ' ' || COALESCE(clock_id, '-') FROM appstore_subscriptions ORDER BY account_id"),
             try String.fetchOne(db, sql: "SELECT value FROM appstore_state WHERE key = 'clock_event_cursor'"))
        }
        #expect(filed == ["acct_gone clk_1", "acct_off -", "acct_on clk_2"])
        #expect(cursor == "2")
    }

    /// v30: the notifications the in-core store's events still owed the outbox are collected once,
    /// as the collector would have (`LegacyOutboxFixture` says what it must leave).
    @Test func theEventsStillOwedTheOutboxAreCollectedOnceAsTheCollectorDid() throws {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue, upTo: "v29-app-store-clock-events")
        try queue.write { db in
            for statement in LegacyOutboxFixture.statements { try db.execute(sql: statement) }
        }
        try StoreSchema.migrator.migrate(queue)
        let (rows, copies, uuids) = try queue.read { db in
            (try String.fetchAll(db, sql: LegacyOutboxFixture.query), try String.fetchAll(db, sql: LegacyOutboxFixture.copiesQuery),
             try String.fetchAll(db, sql: LegacyOutboxFixture.uuidQuery))
        }
        #expect(rows == LegacyOutboxFixture.expected)
        #expect(copies == LegacyOutboxFixture.expectedCopies)
        #expect(uuids.count == 4 && Set(uuids).count == 4 && uuids.allSatisfy { UUID(uuidString: $0) != nil }, "\(uuids)")
    }

    /// A notification queued before v28 is signed from then on with its first attempt's time, or
    /// (never attempted) the time it first fell due, which is when it was queued.
    @Test func aNotificationQueuedBeforeKeepsItsFirstTimeAsItsSignedDate() throws {
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue, upTo: "v27-app-store-subscriptions")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO store_notifications(uuid, type, created_at, attempts, first_attempt_at, next_attempt_at)
                VALUES ('n-tried', 'TEST', 1, 2, 3, 99), ('n-waiting', 'TEST', 1, 0, NULL, 5)
                """)
        }
        try StoreSchema.migrator.migrate(queue)
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT uuid || ' ' || signed_at FROM store_notifications ORDER BY uuid") }
                == ["n-tried 3", "n-waiting 5"])
    }

    /// A store at v27 holding `answers` (key, operation, response), transactions and receipts,
    /// migrated: the App Store's keys, its copies, the device's receipts, the merchant's key count.
    private func migrated(answers: [(String, String, String)]) throws -> ([String], [String], [String], Int?) {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try StoreSchema.migrator.migrate(queue, upTo: "v27-app-store-subscriptions")
        try queue.write { db in
            for (key, operation, response) in answers {
                try db.execute(sql: """
                    INSERT INTO idempotency_keys(key, operation, request, response, created_at) VALUES (?, ?, ?, ?, 7)
                    """, arguments: [key, operation, "{\"key\":\"\(key)\"}", response])
            }
            try db.execute(sql: """
                INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, jws, payload)
                VALUES ('2000100000000001', 'acct_1', 'themes', 1, 'apple-token', '{}')
                """)
            for (id, jws) in [("2000100000000001", "merchant-copy"), ("2000000000000009", ""), ("2000000000000010", "token-10"),
                              ("2000000000000011", ""), ("2000000000000012", "")] {
                try db.execute(sql: """
                    INSERT INTO transactions(id, original_id, account_id, product_id, invoice_id, purchase_date, jws, payload, issuer)
                    VALUES (?, ?, 'acct_1', 'themes', 'INV-1', 1, ?, '{"id":"' || ? || '"}', 'app_store')
                    """, arguments: [id, id, jws, id])
            }
            for (id, done) in [("2000000000000010", nil), ("2000000000000011", nil), ("2000000000000012", 5)] as [(String, Int?)] {
                try db.execute(sql: """
                    INSERT INTO sync_queue(transaction_id, account_id, product_id, jws, next_attempt_at, done_at)
                    VALUES (?, 'acct_1', 'themes', '', 1, ?)
                    """, arguments: [id, done])
            }
        }
        try StoreSchema.migrator.migrate(queue)
        return try queue.read { db in
            (try String.fetchAll(db, sql: """
                SELECT key || ' ' || COALESCE(pending_id, '-') || ' ' || COALESCE(transaction_id, '-') || ' ' || request || ' '
                       || created_at FROM appstore_purchase_keys ORDER BY key
                """),
             try String.fetchAll(db, sql: "SELECT id || ' ' || jws || ' ' || COALESCE(payload, '-') FROM appstore_transactions ORDER BY id"),
             try String.fetchAll(db, sql: "SELECT transaction_id || ' ' || jws FROM sync_queue ORDER BY transaction_id"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM idempotency_keys"))
        }
    }
}
