extension StoreMigrations {

    /// The schema as the first week's history (v1…v30) left it, recorded under v30's name so a
    /// store made by that history counts it as applied. Where the engines differ:
    /// - PostgreSQL has no NOCASE collation: a unique index on `lower(email)` stands for SQLite's
    ///   `email UNIQUE COLLATE NOCASE`, so queries find an account by `lower(email)`.
    /// - `events.tx`, the transaction that wrote an event, lets the feeds read in commit order across
    ///   servers (`EventFeedOrder`); one SQLite writer commits at a time, so `seq` is that order there.
    /// - `kiosk_secrets` holds the keys every server of a store shares (`PostgresSharedSecrets`);
    ///   on SQLite the data directory is the one home of its keys.
    /// - Counters are sequence objects (`kiosk_seq_<name>`, `appstore_seq_<name>`, see
    ///   `StoreSequence`); SQLite keeps them in the `sequences` tables.
    /// The feed cursors start at 0, as the history left them on a new store.
    static let baseline = SchemaMigration("v30-app-store-outbox", [
        .both("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE TABLE test_clocks ( id TEXT PRIMARY KEY, name TEXT NOT NULL, frozen_time INTEGER NOT NULL,
                created_at INTEGER NOT NULL);
            """),
        .sqlite("""
            CREATE TABLE accounts ( id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT
                NULL, created_at INTEGER NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL, test_clock_id
                TEXT REFERENCES test_clocks(id), credit_balance INTEGER NOT NULL DEFAULT 0, points_balance INTEGER NOT
                NULL DEFAULT 0, details TEXT NOT NULL);
            """),
        .postgres("""
            CREATE TABLE accounts ( id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, created_at BIGINT
                NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL, test_clock_id TEXT REFERENCES
                test_clocks(id), credit_balance BIGINT NOT NULL DEFAULT 0, points_balance BIGINT NOT NULL DEFAULT 0,
                details TEXT NOT NULL);
            CREATE UNIQUE INDEX accounts_email_nocase ON accounts (lower(email));
            """),
        .both("""
            CREATE TABLE payment_methods ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
                token TEXT NOT NULL, brand TEXT NOT NULL, last4 TEXT NOT NULL, exp_month INTEGER NOT NULL, exp_year
                INTEGER NOT NULL, is_default INTEGER NOT NULL, behaviour TEXT NOT NULL, created_at INTEGER NOT NULL,
                removed_at INTEGER, fingerprint TEXT);
            CREATE INDEX payment_methods_account ON payment_methods(account_id);
            CREATE TABLE subscriptions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
                group_id TEXT NOT NULL, plan_id TEXT NOT NULL, product_id TEXT NOT NULL, state TEXT NOT NULL,
                period_type TEXT NOT NULL, period_start INTEGER NOT NULL, period_end INTEGER NOT NULL,
                original_purchase INTEGER NOT NULL, series_anchor INTEGER NOT NULL, series_index INTEGER NOT NULL,
                intro_periods_left INTEGER NOT NULL DEFAULT 0, offer_code TEXT, offer_periods_left INTEGER NOT NULL
                DEFAULT 0, will_auto_renew INTEGER NOT NULL, pending_product_id TEXT, expiration_reason TEXT,
                revocation_date INTEGER, revocation_reason TEXT, billing_issue_at INTEGER, unsubscribe_at INTEGER,
                grace_ends_at INTEGER, retry_ends_at INTEGER, next_retry_at INTEGER, retry_index INTEGER NOT NULL
                DEFAULT 0, open_invoice_id TEXT, paid_amount INTEGER NOT NULL, currency TEXT NOT NULL,
                payment_method_id TEXT, cancellation_reason TEXT, clock_id TEXT, next_event_at INTEGER,
                original_transaction_id TEXT, billing TEXT NOT NULL DEFAULT 'card', price_override INTEGER,
                mirror_signed_at INTEGER);
            CREATE INDEX subscriptions_account ON subscriptions(account_id);
            CREATE INDEX subscriptions_due ON subscriptions(clock_id, next_event_at) WHERE next_event_at IS NOT NULL;
            CREATE TABLE purchases ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), product_id
                TEXT NOT NULL, type TEXT NOT NULL, purchased_at INTEGER NOT NULL, expires_at INTEGER, revoked_at
                INTEGER, invoice_id TEXT NOT NULL, points INTEGER NOT NULL DEFAULT 0, billing TEXT NOT NULL DEFAULT
                'card');
            CREATE INDEX purchases_account ON purchases(account_id, product_id);
            CREATE TABLE intro_redemptions ( account_id TEXT NOT NULL, group_id TEXT NOT NULL, product_id TEXT NOT
                NULL, at INTEGER NOT NULL, PRIMARY KEY (account_id, group_id));
            CREATE TABLE offer_redemptions ( account_id TEXT NOT NULL, code TEXT NOT NULL, at INTEGER NOT NULL,
                PRIMARY KEY (account_id, code));
            CREATE TABLE invoices ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, subscription_id TEXT, product_id
                TEXT, kind TEXT NOT NULL, created_at INTEGER NOT NULL, status TEXT NOT NULL, description TEXT NOT
                NULL, total INTEGER NOT NULL, currency TEXT NOT NULL, pm_brand TEXT, pm_last4 TEXT, attempt_count
                INTEGER NOT NULL DEFAULT 0, failure_code TEXT, refund_of TEXT, lines TEXT NOT NULL);
            CREATE INDEX invoices_by_status ON invoices(account_id, status, created_at);
            CREATE TABLE ledger ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, invoice_id TEXT NOT
                NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, at INTEGER NOT NULL);
            CREATE INDEX ledger_invoice ON ledger(invoice_id);
            CREATE TABLE points_ledger ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, delta
                INTEGER NOT NULL, balance_after INTEGER NOT NULL, reason TEXT NOT NULL, product_id TEXT, invoice_id
                TEXT, at INTEGER NOT NULL);
            CREATE INDEX points_ledger_account ON points_ledger(account_id, seq DESC);
            CREATE TABLE usage_records ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, feature_id
                TEXT NOT NULL, at INTEGER NOT NULL);
            CREATE INDEX usage_records_window ON usage_records(account_id, feature_id, at);
            CREATE TABLE events ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT, type TEXT NOT NULL, at
                INTEGER NOT NULL, subscription_id TEXT, product_id TEXT, invoice_id TEXT, detail TEXT);
            CREATE INDEX events_account ON events(account_id, seq);
            CREATE TABLE idempotency_keys ( key TEXT PRIMARY KEY, operation TEXT NOT NULL, request TEXT NOT NULL,
                response TEXT NOT NULL, created_at INTEGER NOT NULL);
            CREATE TABLE transactions ( id TEXT PRIMARY KEY, original_id TEXT NOT NULL, account_id TEXT NOT NULL,
                product_id TEXT NOT NULL, subscription_id TEXT, invoice_id TEXT, purchase_date INTEGER NOT NULL,
                expires_date INTEGER, revocation_date INTEGER, jws TEXT NOT NULL, payload TEXT, issuer TEXT NOT NULL
                DEFAULT 'merchant');
            CREATE INDEX transactions_account ON transactions(account_id, purchase_date);
            CREATE INDEX transactions_original ON transactions(original_id);
            CREATE INDEX transactions_invoice ON transactions(invoice_id);
            CREATE TABLE pending_actions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL,
                product_id TEXT, subscription_id TEXT, request TEXT NOT NULL, created_at INTEGER NOT NULL, resolved_at
                INTEGER, resolution TEXT);
            CREATE INDEX pending_actions_open ON pending_actions(account_id, created_at) WHERE resolved_at IS NULL;
            CREATE TABLE backend_receipts ( transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT
                NOT NULL, status TEXT NOT NULL, sandbox INTEGER NOT NULL, points INTEGER NOT NULL, storefront TEXT NOT
                NULL, recorded_at INTEGER NOT NULL);
            CREATE TABLE sync_queue ( transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT
                NULL, jws TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL,
                last_error TEXT, done_at INTEGER);
            CREATE INDEX sync_queue_waiting ON sync_queue(next_attempt_at) WHERE done_at IS NULL;
            CREATE TABLE webhook_deliveries ( id TEXT PRIMARY KEY, message_id TEXT NOT NULL, event_type TEXT NOT NULL,
                body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at
                INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, ordinal INTEGER NOT NULL, last_error TEXT,
                created_at INTEGER NOT NULL, delivered_at INTEGER);
            CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, ordinal);
            CREATE TABLE processed_webhooks ( message_id TEXT PRIMARY KEY, event_type TEXT NOT NULL, outcome TEXT NOT
                NULL, received_at INTEGER NOT NULL);
            CREATE TABLE provider_subscriptions ( subscription_id TEXT PRIMARY KEY, status TEXT NOT NULL, event_at
                INTEGER NOT NULL);
            CREATE INDEX transactions_subscription ON transactions(subscription_id, purchase_date, id);
            CREATE INDEX webhook_deliveries_ordinal ON webhook_deliveries(ordinal);
            CREATE INDEX purchases_invoice ON purchases(invoice_id);
            CREATE INDEX pending_actions_subscription ON pending_actions(subscription_id, kind) WHERE resolved_at IS
                NULL;
            CREATE TABLE api_keys ( key_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE REFERENCES
                accounts(id), created_at INTEGER NOT NULL);
            CREATE TABLE store_notifications ( id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE,
                event_id INTEGER UNIQUE, account_id TEXT, type TEXT NOT NULL, subtype TEXT, subscription_id TEXT,
                transaction_id TEXT, created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
                first_attempt_at INTEGER, next_attempt_at INTEGER NOT NULL, delivered_at INTEGER, last_error TEXT,
                signed_renewal_info TEXT, status INTEGER, merchant_delivered_at INTEGER, signed_at INTEGER);
            CREATE INDEX store_notifications_due ON store_notifications(delivered_at, next_attempt_at);
            CREATE INDEX payment_methods_fingerprint ON payment_methods(account_id, fingerprint) WHERE fingerprint IS
                NOT NULL AND removed_at IS NULL;
            CREATE INDEX transactions_account_product ON transactions(account_id, product_id);
            CREATE INDEX purchases_entitling ON purchases(account_id, purchased_at) WHERE type <> 'consumable';
            CREATE TABLE sessions ( token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
                created_at INTEGER NOT NULL);
            CREATE INDEX sessions_account ON sessions(account_id);
            CREATE TABLE checkout_confirmations ( session_id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, confirmed_at
                INTEGER NOT NULL);
            CREATE TABLE provider_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE provider_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE TABLE app_store_notifications_received ( notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL,
                subtype TEXT, transaction_id TEXT, signed_at INTEGER NOT NULL, outcome TEXT NOT NULL, received_at
                INTEGER NOT NULL);
            CREATE UNIQUE INDEX subscriptions_store_original ON subscriptions(original_transaction_id) WHERE billing =
                'store';
            CREATE INDEX invoices_history ON invoices(account_id, created_at, id);
            CREATE TABLE "checkout_sessions" ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT
                NULL, success_url TEXT NOT NULL, cancel_url TEXT NOT NULL, state TEXT NOT NULL, status TEXT NOT NULL,
                payment_status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts
                INTEGER NOT NULL DEFAULT 0, payment_id TEXT, subscription_id TEXT, last_decline TEXT, pending_card
                TEXT, offer_code TEXT, idempotency_key TEXT, subscription_product_id TEXT, on_hold INTEGER NOT NULL
                DEFAULT 0, purchase_method_id TEXT);
            CREATE INDEX checkout_sessions_account ON checkout_sessions(account_id, created_at);
            CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id);
            CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id);
            CREATE UNIQUE INDEX checkout_sessions_idempotency ON checkout_sessions(account_id, idempotency_key) WHERE
                idempotency_key IS NOT NULL;
            CREATE TABLE appstore_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            CREATE TABLE appstore_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE appstore_transactions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT
                NULL, purchase_date INTEGER NOT NULL, revocation_date INTEGER, offer_code TEXT, jws TEXT NOT NULL,
                payload TEXT, notification_uuid TEXT);
            CREATE INDEX appstore_transactions_owned ON appstore_transactions(account_id, product_id);
            CREATE INDEX invoices_refund_of ON invoices(refund_of) WHERE refund_of IS NOT NULL;
            CREATE TABLE appstore_pending_actions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL,
                product_id TEXT, request TEXT NOT NULL, created_at INTEGER NOT NULL, resolved_at INTEGER, resolution
                TEXT, original_transaction_id TEXT, subscription_id TEXT);
            CREATE INDEX appstore_pending_actions_open ON appstore_pending_actions(account_id, created_at) WHERE
                resolved_at IS NULL;
            CREATE TABLE appstore_purchase_keys ( key TEXT PRIMARY KEY, request TEXT NOT NULL, pending_id TEXT,
                transaction_id TEXT, created_at INTEGER NOT NULL);
            CREATE TABLE appstore_subscriptions ( original_transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL,
                product_id TEXT NOT NULL, state TEXT NOT NULL, period_type TEXT NOT NULL, period_start INTEGER NOT
                NULL, period_end INTEGER NOT NULL, original_purchase INTEGER NOT NULL, series_anchor INTEGER NOT NULL,
                series_index INTEGER NOT NULL, intro_periods_left INTEGER NOT NULL, offer_code TEXT,
                offer_periods_left INTEGER NOT NULL, will_auto_renew INTEGER NOT NULL, pending_product_id TEXT,
                expiration_reason TEXT, revocation_date INTEGER, billing_issue_at INTEGER, grace_ends_at INTEGER,
                retry_ends_at INTEGER, next_retry_at INTEGER, retry_index INTEGER NOT NULL, price_override INTEGER,
                currency TEXT NOT NULL, latest_transaction_id TEXT NOT NULL, clock_id TEXT, next_event_at INTEGER);
            CREATE INDEX appstore_subscriptions_account ON appstore_subscriptions(account_id);
            CREATE INDEX appstore_subscriptions_due ON appstore_subscriptions(clock_id, next_event_at) WHERE
                next_event_at IS NOT NULL;
            CREATE INDEX store_notifications_to_merchant ON store_notifications(created_at) WHERE
                merchant_delivered_at IS NULL;
            """),
        .postgres("""
            ALTER TABLE events ADD COLUMN tx BIGINT NOT NULL DEFAULT CAST(CAST(pg_current_xact_id() AS TEXT) AS
                BIGINT);
            CREATE INDEX events_feed ON events(tx, seq);
            CREATE INDEX events_account_feed ON events(account_id, tx, seq);
            CREATE TABLE kiosk_secrets (path TEXT PRIMARY KEY, contents TEXT NOT NULL);
            CREATE SEQUENCE kiosk_seq_acct AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_pm AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_inv AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_sub AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_pur AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_clock AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_pend AS BIGINT MINVALUE 1;
            CREATE SEQUENCE kiosk_seq_transaction AS BIGINT MINVALUE 1;
            CREATE SEQUENCE appstore_seq_transaction AS BIGINT MINVALUE 1;
            CREATE SEQUENCE appstore_seq_pending AS BIGINT MINVALUE 1;
            CREATE SEQUENCE appstore_seq_web_order AS BIGINT MINVALUE 1;
            """),
        .both("""
            INSERT INTO provider_state(key, value) VALUES ('provider_event_cursor', '0');
            INSERT INTO appstore_state(key, value) VALUES ('legacy_event_end', '0'), ('legacy_subscription_event_end',
                '0'), ('clock_event_cursor', '0');
            """),
    ])
}
