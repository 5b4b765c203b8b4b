extension StoreMigrations {

    /// Accounts, payment methods, subscriptions, purchases, invoices and the ledgers. PostgreSQL
    /// has no NOCASE collation: a unique index on `lower(email)` stands for SQLite's
    /// `email UNIQUE COLLATE NOCASE`, so queries find an account by `lower(email)`.
    static let v1 = SchemaMigration("v1", [
        .both("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE TABLE test_clocks (
                id TEXT PRIMARY KEY, name TEXT NOT NULL, frozen_time INTEGER NOT NULL, created_at INTEGER NOT NULL);
            """),
        .sqlite("""
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT NULL,
                created_at INTEGER NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL,
                test_clock_id TEXT REFERENCES test_clocks(id), credit_balance INTEGER NOT NULL DEFAULT 0,
                points_balance INTEGER NOT NULL DEFAULT 0, details TEXT NOT NULL);
            """),
        .postgres("""
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL,
                created_at BIGINT NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL,
                test_clock_id TEXT REFERENCES test_clocks(id), credit_balance BIGINT NOT NULL DEFAULT 0,
                points_balance BIGINT NOT NULL DEFAULT 0, details TEXT NOT NULL);
            CREATE UNIQUE INDEX accounts_email_nocase ON accounts (lower(email));
            """),
        .both("""
            CREATE TABLE payment_methods (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), token TEXT NOT NULL,
                brand TEXT NOT NULL, last4 TEXT NOT NULL, exp_month INTEGER NOT NULL, exp_year INTEGER NOT NULL,
                is_default INTEGER NOT NULL, behaviour TEXT NOT NULL, created_at INTEGER NOT NULL,
                removed_at INTEGER);
            CREATE INDEX payment_methods_account ON payment_methods(account_id);
            CREATE TABLE subscriptions (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), group_id TEXT NOT NULL,
                plan_id TEXT NOT NULL, product_id TEXT NOT NULL, state TEXT NOT NULL, period_type TEXT NOT NULL,
                period_start INTEGER NOT NULL, period_end INTEGER NOT NULL, original_purchase INTEGER NOT NULL,
                series_anchor INTEGER NOT NULL, series_index INTEGER NOT NULL,
                intro_periods_left INTEGER NOT NULL DEFAULT 0, offer_code TEXT, offer_periods_left INTEGER NOT NULL DEFAULT 0,
                will_auto_renew INTEGER NOT NULL, pending_product_id TEXT, expiration_reason TEXT,
                revocation_date INTEGER, revocation_reason TEXT, billing_issue_at INTEGER, unsubscribe_at INTEGER,
                grace_ends_at INTEGER, retry_ends_at INTEGER, next_retry_at INTEGER, retry_index INTEGER NOT NULL DEFAULT 0,
                open_invoice_id TEXT, paid_amount INTEGER NOT NULL, currency TEXT NOT NULL,
                payment_method_id TEXT, cancellation_reason TEXT, clock_id TEXT, next_event_at INTEGER);
            CREATE INDEX subscriptions_account ON subscriptions(account_id);
            CREATE INDEX subscriptions_due ON subscriptions(clock_id, next_event_at) WHERE next_event_at IS NOT NULL;
            CREATE TABLE purchases (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), product_id TEXT NOT NULL,
                type TEXT NOT NULL, purchased_at INTEGER NOT NULL, expires_at INTEGER, revoked_at INTEGER,
                invoice_id TEXT NOT NULL, points INTEGER NOT NULL DEFAULT 0);
            CREATE INDEX purchases_account ON purchases(account_id, product_id);
            CREATE TABLE intro_redemptions (
                account_id TEXT NOT NULL, group_id TEXT NOT NULL, product_id TEXT NOT NULL, at INTEGER NOT NULL,
                PRIMARY KEY (account_id, group_id));
            CREATE TABLE offer_redemptions (
                account_id TEXT NOT NULL, code TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account_id, code));
            CREATE TABLE invoices (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL,
                subscription_id TEXT, product_id TEXT, kind TEXT NOT NULL, created_at INTEGER NOT NULL,
                status TEXT NOT NULL, description TEXT NOT NULL, total INTEGER NOT NULL, currency TEXT NOT NULL,
                pm_brand TEXT, pm_last4 TEXT, attempt_count INTEGER NOT NULL DEFAULT 0, failure_code TEXT,
                refund_of TEXT, lines TEXT NOT NULL);
            CREATE INDEX invoices_history ON invoices(account_id, created_at);
            CREATE INDEX invoices_by_status ON invoices(account_id, status, created_at);
            CREATE TABLE ledger (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, invoice_id TEXT NOT NULL,
                kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, at INTEGER NOT NULL);
            CREATE INDEX ledger_invoice ON ledger(invoice_id);
            CREATE TABLE points_ledger (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, delta INTEGER NOT NULL,
                balance_after INTEGER NOT NULL, reason TEXT NOT NULL, product_id TEXT, invoice_id TEXT,
                at INTEGER NOT NULL);
            CREATE INDEX points_ledger_account ON points_ledger(account_id, seq DESC);
            CREATE TABLE usage_records (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, feature_id TEXT NOT NULL,
                at INTEGER NOT NULL);
            CREATE INDEX usage_records_window ON usage_records(account_id, feature_id, at);
            CREATE TABLE events (
                seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT, type TEXT NOT NULL, at INTEGER NOT NULL,
                subscription_id TEXT, product_id TEXT, invoice_id TEXT, detail TEXT);
            CREATE INDEX events_account ON events(account_id, seq);
            CREATE TABLE idempotency_keys (
                key TEXT PRIMARY KEY, operation TEXT NOT NULL, request TEXT NOT NULL, response TEXT NOT NULL,
                created_at INTEGER NOT NULL);
            """),
    ])

    /// Signed transactions, the store's own billing, pending actions (ask to buy, interrupted
    /// purchases, 3-D Secure, price increase consent) and per-subscription price changes.
    static let v2 = SchemaMigration("v2-simulated-store", [
        .both("""
            CREATE TABLE transactions (
                id TEXT PRIMARY KEY, original_id TEXT NOT NULL, account_id TEXT NOT NULL, product_id TEXT NOT NULL,
                subscription_id TEXT, invoice_id TEXT, purchase_date INTEGER NOT NULL, expires_date INTEGER,
                revocation_date INTEGER, jws TEXT NOT NULL);
            CREATE INDEX transactions_account ON transactions(account_id, purchase_date);
            CREATE INDEX transactions_original ON transactions(original_id);
            CREATE INDEX transactions_invoice ON transactions(invoice_id);
            ALTER TABLE subscriptions ADD COLUMN original_transaction_id TEXT;
            ALTER TABLE subscriptions ADD COLUMN billing TEXT NOT NULL DEFAULT 'card';
            ALTER TABLE subscriptions ADD COLUMN price_override INTEGER;
            ALTER TABLE purchases ADD COLUMN billing TEXT NOT NULL DEFAULT 'card';
            CREATE TABLE pending_actions (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL, product_id TEXT,
                subscription_id TEXT, request TEXT NOT NULL, created_at INTEGER NOT NULL,
                resolved_at INTEGER, resolution TEXT);
            CREATE INDEX pending_actions_open ON pending_actions(account_id, created_at) WHERE resolved_at IS NULL;
            """),
    ])

    /// The app backend's receipt records (one per store transaction, so nothing is credited twice)
    /// and the durable queue of receipts on their way there.
    static let v3 = SchemaMigration("v3-receipt-backend", [
        .both("""
            CREATE TABLE backend_receipts (
                transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, status TEXT NOT NULL,
                sandbox INTEGER NOT NULL, points INTEGER NOT NULL, storefront TEXT NOT NULL, recorded_at INTEGER NOT NULL);
            CREATE TABLE sync_queue (
                transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, jws TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT, done_at INTEGER);
            CREATE INDEX sync_queue_waiting ON sync_queue(next_attempt_at) WHERE done_at IS NULL;
            """),
    ])

    /// The tables of hosted checkout: the provider's sessions and webhook outbox
    /// (`SimulatedCheckoutProvider`, which alone reads and writes them) and the store's
    /// processed-ids and subscription mirror (its webhook endpoint), in one database so a
    /// snapshot keeps both sides together and applying a webhook and remembering its id commit
    /// in one transaction.
    static let v4 = SchemaMigration("v4-hosted-checkout", [
        .both("""
            CREATE TABLE checkout_sessions (
                id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), product_id TEXT NOT NULL,
                success_url TEXT NOT NULL, cancel_url TEXT NOT NULL, state TEXT NOT NULL,
                status TEXT NOT NULL, payment_status TEXT NOT NULL,
                created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0, payment_id TEXT, subscription_id TEXT, last_decline TEXT,
                pending_card TEXT, confirmed_at INTEGER);
            CREATE INDEX checkout_sessions_account ON checkout_sessions(account_id, created_at);
            CREATE TABLE webhook_deliveries (
                id TEXT PRIMARY KEY, message_id TEXT NOT NULL, event_type TEXT NOT NULL, body TEXT NOT NULL,
                status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER NOT NULL,
                next_attempt_at INTEGER NOT NULL, ordinal INTEGER NOT NULL, last_error TEXT,
                created_at INTEGER NOT NULL, delivered_at INTEGER);
            CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, ordinal);
            CREATE TABLE processed_webhooks (
                message_id TEXT PRIMARY KEY, event_type TEXT NOT NULL, outcome TEXT NOT NULL, received_at INTEGER NOT NULL);
            CREATE TABLE provider_subscriptions (
                subscription_id TEXT PRIMARY KEY, status TEXT NOT NULL, event_at INTEGER NOT NULL);
            """),
    ])

    /// Lookups that lifecycle steps make for every subscription, so they cost the same however
    /// large the store grows.
    static let v5 = SchemaMigration("v5-lookup-indexes", [
        .both("""
            CREATE INDEX transactions_subscription ON transactions(subscription_id, purchase_date, id);
            CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id);
            CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id);
            CREATE INDEX webhook_deliveries_ordinal ON webhook_deliveries(ordinal);
            CREATE INDEX purchases_invoice ON purchases(invoice_id);
            """),
    ])

    /// The payload a transaction's token signs, stored when the transaction is recorded so that
    /// the ES256 signature can be made when the token is first needed; `jws` stays empty until then.
    /// And the open price-increase consent of a subscription, which every renewal looks up: without
    /// this index each renewal scanned all open pending actions.
    static let v6 = SchemaMigration("v6-deferred-signing", [
        .both("""
            ALTER TABLE transactions ADD COLUMN payload TEXT;
            CREATE INDEX pending_actions_subscription ON pending_actions(subscription_id, kind) WHERE resolved_at IS NULL;
            """),
    ])

    /// One live key per account (issuing a new one replaces it); only the key's hash is kept.
    static let v7 = SchemaMigration("v7-api-keys", [
        .both("""
            CREATE TABLE api_keys (
                key_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE REFERENCES accounts(id),
                created_at INTEGER NOT NULL);
            """),
    ])

    /// The promo code and the client's idempotency
    /// key travel with a browser checkout, so the page and the charge agree with the terminal.
    static let v8 = SchemaMigration("v8-checkout-offer", [
        .both("""
            ALTER TABLE checkout_sessions ADD COLUMN offer_code TEXT;
            ALTER TABLE checkout_sessions ADD COLUMN idempotency_key TEXT;
            """),
    ])

    /// The App Store's notification outbox: one row per notification, keyed by the store event it
    /// reports so each is recorded exactly once, with Apple's retry bookkeeping.
    static let v9 = SchemaMigration("v9-store-notifications", [
        .both("""
            CREATE TABLE store_notifications (
                id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, event_id INTEGER UNIQUE,
                account_id TEXT, type TEXT NOT NULL, subtype TEXT, subscription_id TEXT, transaction_id TEXT,
                created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER,
                next_attempt_at INTEGER NOT NULL, delivered_at INTEGER, last_error TEXT);
            CREATE INDEX store_notifications_due ON store_notifications(delivered_at, next_attempt_at);
            """),
    ])
}
