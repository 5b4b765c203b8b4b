import Foundation
@testable import KioskPostgres
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
            #expect(report.applied == [28])
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
