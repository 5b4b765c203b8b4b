extension StoreMigrations {

    /// A card's keyed fingerprint, so the same card typed again is found instead of saved twice.
    /// Cards saved before this have none and are never matched.
    static let v10 = SchemaMigration("v10-card-fingerprints", [
        .both("""
            ALTER TABLE payment_methods ADD COLUMN fingerprint TEXT;
            CREATE INDEX payment_methods_fingerprint ON payment_methods(account_id, fingerprint)
                WHERE fingerprint IS NOT NULL AND removed_at IS NULL;
            """),
    ])

    /// What customer info needs without a visit per row of the account's history: the products its
    /// transactions are of (each `GET /v1/customer` read every transaction row of the account,
    /// about 1.5 KB each, to find a handful of product ids), and its purchases that entitle
    /// (consumables, usually most of them, entitle nothing but were each read to be skipped).
    static let v11 = SchemaMigration("v11-account-products", [
        .both("""
            CREATE INDEX transactions_account_product ON transactions(account_id, product_id);
            CREATE INDEX purchases_entitling ON purchases(account_id, purchased_at) WHERE type <> 'consumable';
            """),
    ])

    /// Each terminal's own sign-in (see `SessionToken`), replacing the store-wide `signed_in` row.
    static let v12 = SchemaMigration("v12-sessions", [
        .both("""
            CREATE TABLE sessions (
                token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
                created_at INTEGER NOT NULL);
            CREATE INDEX sessions_account ON sessions(account_id);
            """),
    ])

    /// The hosted-checkout provider reads the event table from here on (`ProviderEventFeed`):
    /// what happened before was already told to it when it happened.
    static let v13 = SchemaMigration("v13-provider-event-feed", [
        .sqlite("""
            INSERT OR REPLACE INTO meta(key, value)
                VALUES ('provider_event_cursor', CAST((SELECT COALESCE(MAX(seq), 0) FROM events) AS TEXT));
            """),
        .postgres("""
            INSERT INTO meta(key, value)
                VALUES ('provider_event_cursor', (SELECT COALESCE(MAX(seq), 0) FROM events)::TEXT)
                ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value;
            """),
    ])

    /// The card processor is a simulator of its own now: a checkout session's waiting challenge
    /// names the core's pending action (one left by an older Kiosk, a card token, cannot be
    /// answered, so its page asks for the card again; nothing was charged for it), and the
    /// fingerprint key is the processor's (`card-processor.key`), so the store's copy goes.
    static let v14 = SchemaMigration("v14-card-processor", [
        .both("""
            UPDATE checkout_sessions SET pending_card = NULL WHERE pending_card IS NOT NULL;
            DELETE FROM meta WHERE key = 'card_fingerprint_key';
            """),
    ])

    /// The store's receiver keeps its confirmations of checkout payments in a table of its own,
    /// instead of writing them into the provider's sessions; confirmations already made move over.
    static let v15 = SchemaMigration("v15-checkout-confirmations", [
        .both("""
            CREATE TABLE checkout_confirmations (
                session_id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, confirmed_at INTEGER NOT NULL);
            INSERT INTO checkout_confirmations(session_id, payment_id, confirmed_at)
                SELECT id, payment_id, confirmed_at FROM checkout_sessions
                WHERE confirmed_at IS NOT NULL AND payment_id IS NOT NULL;
            ALTER TABLE checkout_sessions DROP COLUMN confirmed_at;
            """),
    ])

    /// The hosted-checkout provider keeps its event cursor and numbers its messages and
    /// deliveries in tables of its own instead of the store's `meta` and `sequences`; the values
    /// move over, so numbering continues where it was.
    static let v16 = SchemaMigration("v16-provider-state", [
        .both("""
            CREATE TABLE provider_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE provider_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            INSERT INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'provider_event_cursor';
            DELETE FROM meta WHERE key = 'provider_event_cursor';
            INSERT INTO provider_sequences(name, value) SELECT name, value FROM sequences WHERE name IN ('msg', 'whd');
            DELETE FROM sequences WHERE name IN ('msg', 'whd');
            """),
    ])

    /// The hosted-checkout provider reaches the store only through its API (`SimulatedCheckoutProvider`):
    /// it keeps what it used to look up in the store's tables (each subscription's product and
    /// whether it is on hold, as of the events it has read), the charge request in flight (so a
    /// retry replays it under the same idempotency key), one session per customer and key, and
    /// its own copy of the webhook secrets (the store's stays the endpoint's).
    static let v17 = SchemaMigration("v17-provider-over-api", [
        .both("""
            ALTER TABLE checkout_sessions ADD COLUMN subscription_product_id TEXT;
            ALTER TABLE checkout_sessions ADD COLUMN on_hold INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE checkout_sessions ADD COLUMN purchase_method_id TEXT;
            UPDATE checkout_sessions SET subscription_product_id = COALESCE((
                SELECT e.product_id FROM events e
                WHERE e.account_id = checkout_sessions.account_id AND e.subscription_id = checkout_sessions.subscription_id
                  AND e.product_id IS NOT NULL AND e.seq <= COALESCE((SELECT CAST(value AS INTEGER) FROM provider_state WHERE key = 'provider_event_cursor'), 0)
                  AND (e.type IN ('subscription.started', 'subscription.renewed')
                       OR (e.type = 'subscription.plan_changed' AND e.invoice_id IS NOT NULL))
                ORDER BY e.seq DESC LIMIT 1), product_id)
            WHERE subscription_id IS NOT NULL;
            UPDATE checkout_sessions SET on_hold = 1
            WHERE subscription_id IS NOT NULL AND (
                SELECT e.type FROM events e
                WHERE e.account_id = checkout_sessions.account_id AND e.subscription_id = checkout_sessions.subscription_id
                  AND e.seq <= COALESCE((SELECT CAST(value AS INTEGER) FROM provider_state WHERE key = 'provider_event_cursor'), 0)
                  AND e.type IN ('subscription.started', 'subscription.renewed', 'subscription.recovered', 'subscription.expired',
                                 'subscription.grace_period_started', 'subscription.billing_retry_started')
                ORDER BY e.seq DESC LIMIT 1) IN ('subscription.grace_period_started', 'subscription.billing_retry_started');
            CREATE UNIQUE INDEX checkout_sessions_idempotency ON checkout_sessions(account_id, idempotency_key)
                WHERE idempotency_key IS NOT NULL;
            """),
        .sqlite("""
            INSERT OR IGNORE INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'webhook_secrets';
            """),
        .postgres("""
            INSERT INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'webhook_secrets'
                ON CONFLICT (key) DO NOTHING;
            """),
    ])

    /// Each transaction names the party whose chain signs it (`SigningParty`): what the store
    /// account paid is the App Store's, everything else the merchant's. Tokens already stored are
    /// kept as they are (those of card sales were signed by the App Store's chain, the only one
    /// then, and keep verifying, so `meta.app_store_signed_merchant_sales` marks the App Store's
    /// chain as used); a row re-signed later (a refund, an upgrade) gets its issuer's.
    static let v18 = SchemaMigration("v18-transaction-issuers", [
        .both("""
            ALTER TABLE transactions ADD COLUMN issuer TEXT NOT NULL DEFAULT 'merchant';
            UPDATE transactions SET issuer = 'app_store'
            WHERE subscription_id IN (SELECT id FROM subscriptions WHERE billing = 'store')
               OR invoice_id IN (SELECT invoice_id FROM purchases WHERE billing = 'store');
            INSERT INTO meta(key, value) SELECT 'app_store_signed_merchant_sales', '1'
            WHERE EXISTS(SELECT 1 FROM transactions WHERE issuer = 'merchant' AND jws <> '');
            """),
    ])

    /// The merchant's App Store Server Notifications endpoint applies each notification once: its
    /// `notificationUUID` is claimed before anything is applied, and the outcome kept for the next
    /// delivery of the same notification.
    static let v19 = SchemaMigration("v19-app-store-inbox", [
        .both("""
            CREATE TABLE app_store_notifications_received (
                notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL, subtype TEXT, transaction_id TEXT,
                signed_at INTEGER NOT NULL, outcome TEXT NOT NULL, received_at INTEGER NOT NULL);
            """),
    ])
}
