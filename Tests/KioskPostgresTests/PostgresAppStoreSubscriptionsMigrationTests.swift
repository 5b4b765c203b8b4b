import Foundation
@testable import KioskPostgres
import Testing

/// Migration v27 on PostgreSQL, over a schema migrated to v26 first: the twin of SQLite's
/// `storeSubscriptionsMoveToTheAppStoreAndTheMerchantKeepsMirrors` (SimulatorSplitMigrationTests).
@Suite("PostgreSQL v27", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresAppStoreSubscriptionsMigrationTests {
    @Test func storeSubscriptionsMoveToTheAppStoreAndTheMerchantKeepsMirrors() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(26))).migrate()
            var statements = [
                """
                INSERT INTO accounts (id, email, name, created_at, currency, storefront, details)
                VALUES ('acct_1', 'ada@example.com', 'Ada', 0, 'USD', 'USA', '{}')
                """,
            ]
            for (id, billing, original) in [("sub_card", "card", "NULL"), ("sub_store", "store", "'2000000000000002'")] {
                statements.append("""
                    INSERT INTO subscriptions (id, account_id, group_id, plan_id, product_id, state, period_type, period_start,
                                               period_end, original_purchase, series_anchor, series_index, will_auto_renew,
                                               paid_amount, currency, billing, original_transaction_id, clock_id, next_event_at,
                                               billing_issue_at, grace_ends_at, retry_ends_at, next_retry_at, retry_index,
                                               open_invoice_id, offer_code, offer_periods_left, price_override)
                    VALUES ('\(id)', 'acct_1', 'pro', 'pro', 'pro.monthly', 'inGracePeriod', 'normal', 100, 200, 50, 50, 3, 1, 1000,
                            'USD', '\(billing)', \(original), 'clk_1', 210, 200, 1600, 6000, 210, 0, 'INV-9', 'HALF', 1, 1200)
                    """)
            }
            for (id, subscription, date) in [("2000000000000001", "sub_card", 100), ("2000000000000002", "sub_store", 50),
                                             ("2000000000000003", "sub_store", 100)] {
                statements.append("""
                    INSERT INTO transactions (id, original_id, account_id, product_id, subscription_id, invoice_id, purchase_date,
                                              jws, payload, issuer)
                    VALUES ('\(id)', '2000000000000002', 'acct_1', 'pro.monthly', '\(subscription)', 'INV-1', \(date), '', '{}',
                            '\(subscription == "sub_card" ? "merchant" : "app_store")')
                    """)
            }
            statements += [
                "INSERT INTO store_notifications (uuid, event_id, type, created_at, next_attempt_at) VALUES ('n-1', 7, 'DID_RENEW', 5, 5)",
                "INSERT INTO events (account_id, type, at) VALUES ('acct_1', 'subscription.renewed', 100)",
            ]
            for (id, subscription) in [("pend_store", "sub_store"), ("pend_card", "sub_card")] {
                statements.append("""
                    INSERT INTO pending_actions (id, account_id, kind, product_id, subscription_id, request, created_at)
                    VALUES ('\(id)', 'acct_1', 'price_increase', 'pro.monthly', '\(subscription)', '{"minorUnits":1200,"currency":"USD"}', 9)
                    """)
            }
            statements += [
                """
                INSERT INTO meta(key, value) VALUES ('controls', '{"renewalsFail":true,"faults":[]}')
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """,
                """
                INSERT INTO appstore_state(key, value) VALUES ('controls', '{"askToBuy":true,"droppedReceiptSubmissions":0}')
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """,
            ]
            try await TestCluster.execute(statements, at: location)
            // To v27 only: v29 files subscriptions under their accounts' clocks again.
            _ = try await PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(27))).migrate()
            let apple = try await TestCluster.strings("""
                SELECT original_transaction_id || ' ' || latest_transaction_id || ' ' || state || ' ' || clock_id || ' '
                       || period_start || '-' || period_end || ' ' || series_index || ' ' || next_event_at || ' ' || next_retry_at
                       || ' ' || grace_ends_at || ' ' || offer_code || ' ' || price_override
                FROM appstore_subscriptions
                """, at: location)
            #expect(apple == ["2000000000000002 2000000000000003 inGracePeriod clk_1 100-200 3 210 210 1600 HALF 1200"])
            #expect(try await TestCluster.strings("SELECT id FROM appstore_transactions ORDER BY id", at: location)
                    == ["2000000000000002", "2000000000000003"])
            #expect(try await TestCluster.strings("""
                SELECT id || ' ' || COALESCE(mirror_signed_at, -1) || ' ' || COALESCE(next_event_at, -1) || ' '
                       || COALESCE(open_invoice_id, '-') FROM subscriptions ORDER BY id
                """, at: location) == ["sub_card -1 210 INV-9", "sub_store 0 -1 INV-9"])
            #expect(try await TestCluster.strings("SELECT uuid || ' ' || merchant_delivered_at FROM store_notifications", at: location)
                    == ["n-1 5"])
            #expect(try await TestCluster.strings(
                "SELECT value FROM appstore_state WHERE key = 'legacy_subscription_event_end'", at: location) == ["1"])
            #expect(try await TestCluster.strings("""
                SELECT id || ' ' || original_transaction_id || ' ' || subscription_id || ' ' || request FROM appstore_pending_actions
                """, at: location) == [#"pend_store 2000000000000002 sub_store {"minorUnits":1200,"currency":"USD"}"#])
            #expect(try await TestCluster.strings("SELECT id FROM pending_actions", at: location) == ["pend_card"])
            let controls = try #require(try await TestCluster.strings(
                "SELECT value FROM appstore_state WHERE key = 'controls'", at: location).first)
            #expect(controls.contains(#""renewalsFail":true"#) && controls.contains(#""askToBuy":true"#),
                    "the tester's switch, on the App Store's side too: \(controls)")
        }
    }
}
