extension StoreMigrations {

    /// A store-billed subscription the merchant learned from the App Store's notifications is a
    /// mirror: the App Store renews it, so the merchant keeps only what the last notification it
    /// applied said (`mirror_signed_at` is that notification's `signedDate`, and an older one
    /// changes nothing), and one original transaction is one subscription.
    static let v20 = SchemaMigration("v20-store-subscription-mirrors", [
        .both("""
            ALTER TABLE subscriptions ADD COLUMN mirror_signed_at INTEGER;
            CREATE UNIQUE INDEX subscriptions_store_original ON subscriptions(original_transaction_id) WHERE billing = 'store';
            """),
    ])

    /// Billing history pages by (created_at, id), not SQLite's rowid, which PostgreSQL has no
    /// equivalent of: the index ends in the id so a page is one seek on both engines.
    static let v21 = SchemaMigration("v21-invoice-history-keyset", [
        .both("""
            DROP INDEX invoices_history;
            CREATE INDEX invoices_history ON invoices(account_id, created_at, id);
            """),
    ])

    /// The checkout provider's sessions name the merchant's customer, but the provider keeps its
    /// own books: with the store on PostgreSQL its sessions stay in the data directory's SQLite
    /// file, where the merchant's accounts are not, so the column can no longer be a foreign key.
    /// SQLite drops a constraint by rebuilding the table (same columns, order and indexes);
    /// PostgreSQL drops it by its default name.
    static let v22 = SchemaMigration("v22-provider-sessions-unkeyed", [
        .sqlite("""
            CREATE TABLE checkout_sessions_unkeyed (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL,
                success_url TEXT NOT NULL, cancel_url TEXT NOT NULL, state TEXT NOT NULL,
                status TEXT NOT NULL, payment_status TEXT NOT NULL,
                created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, payment_id TEXT, subscription_id TEXT, last_decline TEXT,
                pending_card TEXT, offer_code TEXT, idempotency_key TEXT, subscription_product_id TEXT,
                on_hold INTEGER NOT NULL DEFAULT 0, purchase_method_id TEXT);
            INSERT INTO checkout_sessions_unkeyed SELECT id, account_id, product_id, success_url, cancel_url, state, status,
                payment_status, created_at, expires_at, attempts, payment_id, subscription_id, last_decline, pending_card,
                offer_code, idempotency_key, subscription_product_id, on_hold, purchase_method_id FROM checkout_sessions;
            DROP TABLE checkout_sessions;
            ALTER TABLE checkout_sessions_unkeyed RENAME TO checkout_sessions;
            CREATE INDEX checkout_sessions_account ON checkout_sessions(account_id, created_at);
            CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id);
            CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id);
            CREATE UNIQUE INDEX checkout_sessions_idempotency ON checkout_sessions(account_id, idempotency_key)
                WHERE idempotency_key IS NOT NULL;
            """),
        .postgres("""
            ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_account_id_fkey;
            """),
    ])

    /// PostgreSQL's only: each counter of the `sequences` table becomes a sequence object
    /// `kiosk_seq_<name>` (lowercase), carrying on from the row's value: `nextval` never makes two
    /// writers conflict, where incrementing one row aborted every pair of concurrent purchases
    /// under SERIALIZABLE. SQLite's single writer keeps counting in the rows. The names are those
    /// of `StoreSequence` when this step was written; a later counter needs a later step
    /// (`StoreSequenceTests` checks).
    static let v23 = SchemaMigration("v23-sequence-objects",
        ["acct", "pm", "INV", "sub", "pur", "clock", "pend", "transaction"].map { name in
            let sequence = "kiosk_seq_" + name.lowercased()
            return .postgres("""
                CREATE SEQUENCE \(sequence) AS BIGINT MINVALUE 1;
                SELECT setval('\(sequence)', value) FROM sequences WHERE name = '\(name)' AND value > 0;
                """)
        })

    /// Each event records the transaction that wrote it (its 64-bit id as a number), so the feed
    /// can read in commit order across servers and stop short of transactions still running
    /// (`EventFeedOrder`). Events already there are all committed: 0 puts them first. The column
    /// and its indexes are PostgreSQL's only: one SQLite writer commits at a time, so `seq` is
    /// commit order there.
    static let v24 = SchemaMigration("v24-event-feed-order", [
        .postgres("""
            ALTER TABLE events ADD COLUMN tx BIGINT NOT NULL DEFAULT 0;
            ALTER TABLE events ALTER COLUMN tx SET DEFAULT CAST(CAST(pg_current_xact_id() AS TEXT) AS BIGINT);
            CREATE INDEX events_feed ON events(tx, seq);
            CREATE INDEX events_account_feed ON events(account_id, tx, seq);
            """),
    ])

    /// The keys every server of the store shares (`PostgresSharedSecrets`): a data directory's
    /// files by their paths in it. PostgreSQL's only: on SQLite the data directory is the one home
    /// of its keys, and snapshots leave it out.
    static let v25 = SchemaMigration("v25-shared-secrets", [
        .postgres("""
            CREATE TABLE kiosk_secrets (path TEXT PRIMARY KEY, contents TEXT NOT NULL);
            """),
    ])
}
