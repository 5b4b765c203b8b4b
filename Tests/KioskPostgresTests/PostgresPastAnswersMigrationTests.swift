import Foundation
@testable import KioskPostgres
import TestSupport
import Testing

/// Migration v28 on PostgreSQL: the twin of `AppStorePastAnswersMigrationTests` (which encodes the
/// answers as the merchant did; here they are written in those shapes by hand), over a schema
/// migrated to v27 first.
@Suite("PostgreSQL v28", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresPastAnswersMigrationTests {
    private static let signed = #"{"success":{"_0":{"jws":"t","payload":{"transactionId":"2000100000000001"}},"_1":{}}}"#
    private static let unsigned = #"{"success":{"_0":{"payloadJSON":"{\"transactionId\":\"2000000000000009\"}"},"_1":{}}}"#
    private static let pending = #"{"pending":{"_0":{"id":"pa_9"}}}"#
    private static let cancelled = #"{"userCancelled":{}}"#

    @Test func theInCoreStoresKeyedAnswersAndTheirTransactionsBecomeTheAppStores() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(27))).migrate()
            var statements = [(("k-signed", "store_purchase", Self.signed)), ("k-unsigned", "store_purchase", Self.unsigned),
                              ("k-pending", "store_purchase", Self.pending), ("k-cancelled", "store_purchase", Self.cancelled),
                              ("k-card", "purchase", Self.signed)].map { key, operation, response in
                "INSERT INTO idempotency_keys(key, operation, request, response, created_at) VALUES ('\(key)', '\(operation)', '{}', '\(response)', 7)"
            }
            statements.append("""
                INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, jws, payload)
                VALUES ('2000100000000001', 'acct_1', 'themes', 1, 'apple-token', '{}')
                """)
            for (id, jws) in [("2000100000000001", "merchant-copy"), ("2000000000000009", ""), ("2000000000000010", "token-10"),
                              ("2000000000000011", ""), ("2000000000000012", "")] {
                statements.append("""
                    INSERT INTO transactions(id, original_id, account_id, product_id, invoice_id, purchase_date, jws, payload, issuer)
                    VALUES ('\(id)', '\(id)', 'acct_1', 'themes', 'INV-1', 1, '\(jws)', '{"id":"\(id)"}', 'app_store')
                    """)
            }
            for (id, done) in [("2000000000000010", "NULL"), ("2000000000000011", "NULL"), ("2000000000000012", "5")] {
                statements.append("""
                    INSERT INTO sync_queue(transaction_id, account_id, product_id, jws, next_attempt_at, done_at)
                    VALUES ('\(id)', 'acct_1', 'themes', '', 1, \(done))
                    """)
            }
            statements.append("""
                INSERT INTO store_notifications(uuid, type, created_at, attempts, first_attempt_at, next_attempt_at)
                VALUES ('n-tried', 'TEST', 1, 2, 3, 99), ('n-waiting', 'TEST', 1, 0, NULL, 5)
                """)
            try await TestCluster.execute(statements, at: location)
            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.applied == Array(28...PostgresStoreSchema.latestVersion))
            #expect(try await TestCluster.strings("""
                SELECT key || ' ' || COALESCE(pending_id, '-') || ' ' || COALESCE(transaction_id, '-') || ' ' || created_at
                FROM appstore_purchase_keys ORDER BY key
                """, at: location) == ["k-pending pa_9 - 7", "k-signed - 2000100000000001 7", "k-unsigned - 2000000000000009 7"])
            #expect(try await TestCluster.strings("SELECT id || ' ' || jws FROM appstore_transactions ORDER BY id", at: location)
                    == ["2000000000000009 ", "2000000000000010 token-10", "2000000000000011 ", "2000100000000001 apple-token"])
            #expect(try await TestCluster.strings("SELECT transaction_id || ' ' || jws FROM sync_queue ORDER BY transaction_id",
                                                  at: location)
                    == ["2000000000000010 token-10", "2000000000000011 ", "2000000000000012 "])
            #expect(try await TestCluster.strings("SELECT uuid || ' ' || signed_at FROM store_notifications ORDER BY uuid", at: location)
                    == ["n-tried 3", "n-waiting 5"])
        }
    }
}

/// Migration v29 on PostgreSQL: the twin of SQLite's test of it (AppStorePastAnswersMigrationTests).
@Suite("PostgreSQL v29", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresClockEventsMigrationTests {
    @Test func theAppStoresSubscriptionsAreFiledUnderTheirCustomersClocksAndFollowEventsAfterTheLast() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(28))).migrate()
            var statements = [
                "INSERT INTO test_clocks (id, name, frozen_time, created_at) VALUES ('clk_1', 'one', 0, 0), ('clk_2', 'two', 0, 0)",
            ]
            for (account, clock) in [("acct_on", "'clk_2'"), ("acct_off", "NULL")] {
                statements.append("""
                    INSERT INTO accounts (id, email, name, created_at, currency, storefront, test_clock_id, details)
                    VALUES ('\(account)', '\(account)@example.com', 'A', 0, 'USD', 'USA', \(clock), '{}')
                    """)
            }
            for (original, account) in [("2000000000000001", "acct_on"), ("2000000000000002", "acct_off"), ("2000000000000003", "acct_gone")] {
                statements.append("""
                    INSERT INTO appstore_subscriptions (original_transaction_id, account_id, product_id, state, period_type, period_start,
                        period_end, original_purchase, series_anchor, series_index, intro_periods_left, offer_periods_left,
                        will_auto_renew, retry_index, currency, latest_transaction_id, clock_id, next_event_at)
                    VALUES ('\(original)', '\(account)', 'pro.yearly', 'subscribed', 'normal', 0, 1, 0, 0, 0, 0, 0, 1, 0, 'USD',
                            '\(original)', 'clk_1', 1)
                    """)
            }
            statements.append("""
                INSERT INTO events (account_id, type, at) VALUES ('acct_on', 'account.created', 0), ('acct_on', 'subscription.renewed', 1)
                """)
            try await TestCluster.execute(statements, at: location)
            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.applied == Array(29...PostgresStoreSchema.latestVersion))
            #expect(try await TestCluster.strings("""
                SELECT account_id || ' ' || COALESCE(clock_id, '-') FROM appstore_subscriptions ORDER BY account_id
                """, at: location) == ["acct_gone clk_1", "acct_off -", "acct_on clk_2"])
            let cursor = try await TestCluster.strings("SELECT value FROM appstore_state WHERE key = 'clock_event_cursor'", at: location)
            let last = try await TestCluster.strings("SELECT MAX(seq)::text FROM events", at: location)
            #expect(cursor == last && !cursor.isEmpty)
        }
    }
}

/// Migration v30 on PostgreSQL: the twin of SQLite's test of it, on the same fixture.
@Suite("PostgreSQL v30", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresOutboxMigrationTests {
    @Test func theEventsStillOwedTheOutboxAreCollectedOnceAsTheCollectorDid() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(29))).migrate()
            try await TestCluster.execute(LegacyOutboxFixture.statements, at: location)
            #expect(try await PostgresMigrator(location: location).migrate().applied == Array(30...PostgresStoreSchema.latestVersion))
            #expect(try await TestCluster.strings(LegacyOutboxFixture.query, at: location) == LegacyOutboxFixture.expected)
            #expect(try await TestCluster.strings(LegacyOutboxFixture.copiesQuery, at: location) == LegacyOutboxFixture.expectedCopies)
            let uuids = try await TestCluster.strings(LegacyOutboxFixture.uuidQuery, at: location)
            #expect(uuids.count == 4 && Set(uuids).count == 4 && uuids.allSatisfy { UUID(uuidString: $0) != nil }, "\(uuids)")
        }
    }
}
