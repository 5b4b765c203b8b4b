import GRDB

/// The versioned schema. Times are integer milliseconds since 1970 (UTC), money is integer minor
/// units beside its currency code. Every history a screen pages through has an index that
/// matches its ORDER BY, so a page costs the same at row 10 or row 10 million.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: v1)
        }
        migrator.registerMigration("v2-simulated-store") { db in
            try db.execute(sql: v2)
        }
        migrator.registerMigration("v3-receipt-backend") { db in
            try db.execute(sql: v3)
        }
        migrator.registerMigration("v4-hosted-checkout") { db in try db.execute(sql: CheckoutSchema.v2) }
        migrator.registerMigration("v5-lookup-indexes") { db in
            try db.execute(sql: v5)
        }
        migrator.registerMigration("v6-deferred-signing") { db in
            try db.execute(sql: v6)
        }
        migrator.registerMigration("v7-api-keys") { db in
            try db.execute(sql: v7)
        }
        migrator.registerMigration("v8-checkout-offer") { db in try db.execute(sql: CheckoutSchema.v7) }
        migrator.registerMigration("v9-store-notifications") { db in try db.execute(sql: StoreNotificationSchema.v9) }
        migrator.registerMigration("v10-card-fingerprints") { db in try db.execute(sql: v10) }
        migrator.registerMigration("v11-account-products") { db in try db.execute(sql: v11) }
        migrator.registerMigration("v12-sessions") { db in try db.execute(sql: v12) }
        migrator.registerMigration("v13-provider-event-feed") { db in try db.execute(sql: v13) }
        migrator.registerMigration("v14-card-processor") { db in try db.execute(sql: v14) }
        migrator.registerMigration("v15-checkout-confirmations") { db in try db.execute(sql: v15) }
        migrator.registerMigration("v16-provider-state") { db in try db.execute(sql: v16) }
        migrator.registerMigration("v17-provider-over-api") { db in try db.execute(sql: v17) }
        migrator.registerMigration("v18-transaction-issuers") { db in try db.execute(sql: v18) }
        migrator.registerMigration("v19-app-store-inbox") { db in try db.execute(sql: v19) }
        migrator.registerMigration("v20-store-subscription-mirrors") { db in try db.execute(sql: v20) }
        migrator.registerMigration("v21-invoice-history-keyset") { db in try db.execute(sql: v21) }
        migrator.registerMigration("v22-provider-sessions-unkeyed") { db in try db.execute(sql: v22) }
        // PostgreSQL's twin turns the `sequences` rows into sequence objects; SQLite's single
        // writer keeps counting in the rows, so here the step changes nothing.
        migrator.registerMigration("v23-sequence-objects") { _ in }
        // PostgreSQL's twin records which transaction wrote each event (`EventFeedOrder`); one
        // SQLite writer commits at a time, so `seq` is commit order here and nothing changes.
        migrator.registerMigration("v24-event-feed-order") { _ in }
        // PostgreSQL's table of the keys its servers share; a data directory holds SQLite's.
        migrator.registerMigration("v25-shared-secrets") { _ in }
        migrator.registerMigration("v26-app-store-sheet") { db in try db.execute(sql: v26) }
        migrator.registerMigration("v27-app-store-subscriptions") { db in try db.execute(sql: v27) }
        migrator.registerMigration("v28-app-store-past-answers") { db in try db.execute(sql: v28) }
        migrator.registerMigration("v29-app-store-clock-events") { db in try db.execute(sql: v29) }
        migrator.registerMigration("v30-app-store-outbox") { db in try db.execute(sql: v30) }
        migrator.registerMigration("v31-ssh-keys") { db in try db.execute(sql: v31) }
        migrator.registerMigration("v32-money3-checkout-saved-card") { db in try db.execute(sql: v32) }
        return migrator
    }

    private static let v1 = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE test_clocks (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, frozen_time INTEGER NOT NULL, created_at INTEGER NOT NULL);
        CREATE TABLE accounts (
            id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT NULL,
            created_at INTEGER NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL,
            test_clock_id TEXT REFERENCES test_clocks(id), credit_balance INTEGER NOT NULL DEFAULT 0,
            points_balance INTEGER NOT NULL DEFAULT 0, details TEXT NOT NULL);
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
        """

    /// Signed transactions, the store's own billing, pending actions (ask to buy, interrupted
    /// purchases, 3-D Secure, price increase consent) and per-subscription price changes.
    private static let v2 = """
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
        """

    /// The app backend's receipt records (one per store transaction, so nothing is credited twice)
    /// and the durable queue of receipts on their way there.
    private static let v3 = """
        CREATE TABLE backend_receipts (
            transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, status TEXT NOT NULL,
            sandbox INTEGER NOT NULL, points INTEGER NOT NULL, storefront TEXT NOT NULL, recorded_at INTEGER NOT NULL);
        CREATE TABLE sync_queue (
            transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, jws TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT, done_at INTEGER);
        CREATE INDEX sync_queue_waiting ON sync_queue(next_attempt_at) WHERE done_at IS NULL;
        """

    /// Lookups that lifecycle steps make for every subscription, so they cost the same however
    /// large the store grows.
    private static let v5 = """
        CREATE INDEX transactions_subscription ON transactions(subscription_id, purchase_date, id);
        CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id);
        CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id);
        CREATE INDEX webhook_deliveries_ordinal ON webhook_deliveries(ordinal);
        CREATE INDEX purchases_invoice ON purchases(invoice_id);
        """

    /// The payload a transaction's token signs, stored when the transaction is recorded so that
    /// the ES256 signature can be made when the token is first needed; `jws` stays empty until then.
    /// And the open price-increase consent of a subscription, which every renewal looks up: without
    /// this index each renewal scanned all open pending actions.
    private static let v6 = """
        ALTER TABLE transactions ADD COLUMN payload TEXT;
        CREATE INDEX pending_actions_subscription ON pending_actions(subscription_id, kind) WHERE resolved_at IS NULL;
        """

    /// One live key per account (issuing a new one replaces it); only the key's hash is kept.
    private static let v7 = """
        CREATE TABLE api_keys (
            key_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE REFERENCES accounts(id),
            created_at INTEGER NOT NULL);
        """

    /// A card's keyed fingerprint, so the same card typed again is found instead of saved twice.
    /// Cards saved before this have none and are never matched.
    private static let v10 = """
        ALTER TABLE payment_methods ADD COLUMN fingerprint TEXT;
        CREATE INDEX payment_methods_fingerprint ON payment_methods(account_id, fingerprint)
            WHERE fingerprint IS NOT NULL AND removed_at IS NULL;
        """

    /// What customer info needs without a visit per row of the account's history: the products its
    /// transactions are of (each `GET /v1/customer` read every transaction row of the account,
    /// about 1.5 KB each, to find a handful of product ids), and its purchases that entitle
    /// (consumables, usually most of them, entitle nothing but were each read to be skipped).
    private static let v11 = """
        CREATE INDEX transactions_account_product ON transactions(account_id, product_id);
        CREATE INDEX purchases_entitling ON purchases(account_id, purchased_at) WHERE type <> 'consumable';
        """

    /// Each terminal's own sign-in (see `SessionToken`), replacing the store-wide `signed_in` row.
    private static let v12 = """
        CREATE TABLE sessions (
            token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
            created_at INTEGER NOT NULL);
        CREATE INDEX sessions_account ON sessions(account_id);
        """

    /// The hosted-checkout provider reads the event table from here on (`ProviderEventFeed`):
    /// what happened before was already told to it when it happened.
    private static let v13 = """
        INSERT OR REPLACE INTO meta(key, value)
            VALUES ('provider_event_cursor', CAST((SELECT COALESCE(MAX(seq), 0) FROM events) AS TEXT));
        """

    /// The card processor is a simulator of its own now: a checkout session's waiting challenge
    /// names the core's pending action (one left by an older Kiosk, a card token, cannot be
    /// answered, so its page asks for the card again; nothing was charged for it), and the
    /// fingerprint key is the processor's (`card-processor.key`), so the store's copy goes.
    private static let v14 = """
        UPDATE checkout_sessions SET pending_card = NULL WHERE pending_card IS NOT NULL;
        DELETE FROM meta WHERE key = 'card_fingerprint_key';
        """

    /// The store's receiver keeps its confirmations of checkout payments in a table of its own,
    /// instead of writing them into the provider's sessions; confirmations already made move over.
    private static let v15 = """
        CREATE TABLE checkout_confirmations (
            session_id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, confirmed_at INTEGER NOT NULL);
        INSERT INTO checkout_confirmations(session_id, payment_id, confirmed_at)
            SELECT id, payment_id, confirmed_at FROM checkout_sessions
            WHERE confirmed_at IS NOT NULL AND payment_id IS NOT NULL;
        ALTER TABLE checkout_sessions DROP COLUMN confirmed_at;
        """

    /// The hosted-checkout provider keeps its event cursor and numbers its messages and
    /// deliveries in tables of its own instead of the store's `meta` and `sequences`; the values
    /// move over, so numbering continues where it was.
    private static let v16 = """
        CREATE TABLE provider_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE provider_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'provider_event_cursor';
        DELETE FROM meta WHERE key = 'provider_event_cursor';
        INSERT INTO provider_sequences(name, value) SELECT name, value FROM sequences WHERE name IN ('msg', 'whd');
        DELETE FROM sequences WHERE name IN ('msg', 'whd');
        """

    /// The hosted-checkout provider reaches the store only through its API (`SimulatedCheckoutProvider`):
    /// it keeps what it used to look up in the store's tables (each subscription's product and
    /// whether it is on hold, as of the events it has read), the charge request in flight (so a
    /// retry replays it under the same idempotency key), one session per customer and key, and
    /// its own copy of the webhook secrets (the store's stays the endpoint's).
    private static let v17 = """
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
        INSERT OR IGNORE INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'webhook_secrets';
        """

    /// Each transaction names the party whose chain signs it (`SigningParty`): what the store
    /// account paid is the App Store's, everything else the merchant's. Tokens already stored are
    /// kept as they are (those of card sales were signed by the App Store's chain, the only one
    /// then, and keep verifying, so `meta.app_store_signed_merchant_sales` marks the App Store's
    /// chain as used); a row re-signed later (a refund, an upgrade) gets its issuer's.
    private static let v18 = """
        ALTER TABLE transactions ADD COLUMN issuer TEXT NOT NULL DEFAULT 'merchant';
        UPDATE transactions SET issuer = 'app_store'
        WHERE subscription_id IN (SELECT id FROM subscriptions WHERE billing = 'store')
           OR invoice_id IN (SELECT invoice_id FROM purchases WHERE billing = 'store');
        INSERT INTO meta(key, value) SELECT 'app_store_signed_merchant_sales', '1'
        WHERE EXISTS(SELECT 1 FROM transactions WHERE issuer = 'merchant' AND jws <> '');
        """

    /// The merchant's App Store Server Notifications endpoint applies each notification once: its
    /// `notificationUUID` is claimed before anything is applied, and the outcome kept for the next
    /// delivery of the same notification.
    private static let v19 = """
        CREATE TABLE app_store_notifications_received (
            notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL, subtype TEXT, transaction_id TEXT,
            signed_at INTEGER NOT NULL, outcome TEXT NOT NULL, received_at INTEGER NOT NULL);
        """

    /// A store-billed subscription the merchant learned from the App Store's notifications is a
    /// mirror: the App Store renews it, so the merchant keeps only what the last notification it
    /// applied said (`mirror_signed_at` is that notification's `signedDate`, and an older one
    /// changes nothing), and one original transaction is one subscription.
    private static let v20 = """
        ALTER TABLE subscriptions ADD COLUMN mirror_signed_at INTEGER;
        CREATE UNIQUE INDEX subscriptions_store_original ON subscriptions(original_transaction_id) WHERE billing = 'store';
        """

    /// The simulated App Store's own records (module Simulators): its counters and switches,
    /// what it sold through its sheet, the sheet's requests waiting for a parent or an interrupted
    /// purchase, and the purchase requests it answered, by idempotency key. They sit in the
    /// store's database so that every server of a shared store is one sandbox and a snapshot
    /// keeps both sides together; the merchant's rules never use them (the App Store's code still
    /// in the core does: its notification outbox, and the signing chain's "used" check). The sheet's requests move here
    /// from the merchant's pending actions, keeping their ids and answers, and the App Store
    /// starts from the tester's controls as they were (it reads only its own switches of them).
    /// Its sheet queues each sale's ONE_TIME_CHARGE (and each refund's REFUND) itself from here on;
    /// `legacy_event_end` is the last event whose one-time store purchase is still notified from
    /// the event. It keeps a copy of every one-time sale it made before (token or payload as they
    /// are), so it can refund them; only the App Store refunds them now, and the merchant finds the
    /// refund its notification booked by `refund_of`.
    private static let v26 = """
        CREATE TABLE appstore_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE appstore_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO appstore_state(key, value) SELECT 'controls', value FROM meta WHERE key = 'controls';
        INSERT INTO appstore_state(key, value) SELECT 'legacy_event_end', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
        CREATE TABLE appstore_transactions (
            id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, purchase_date INTEGER NOT NULL,
            revocation_date INTEGER, offer_code TEXT, jws TEXT NOT NULL, payload TEXT, notification_uuid TEXT);
        CREATE INDEX appstore_transactions_owned ON appstore_transactions(account_id, product_id);
        INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
            SELECT id, account_id, product_id, purchase_date, revocation_date, jws, payload FROM transactions
            WHERE issuer = 'app_store' AND subscription_id IS NULL;
        CREATE INDEX invoices_refund_of ON invoices(refund_of) WHERE refund_of IS NOT NULL;
        CREATE TABLE appstore_pending_actions (
            id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL, product_id TEXT, request TEXT NOT NULL,
            created_at INTEGER NOT NULL, resolved_at INTEGER, resolution TEXT);
        CREATE INDEX appstore_pending_actions_open ON appstore_pending_actions(account_id, created_at) WHERE resolved_at IS NULL;
        CREATE TABLE appstore_purchase_keys (
            key TEXT PRIMARY KEY, request TEXT NOT NULL, pending_id TEXT, transaction_id TEXT, created_at INTEGER NOT NULL);
        INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, resolved_at, resolution)
            SELECT id, account_id, kind, product_id, request, created_at, resolved_at, resolution FROM pending_actions
            WHERE kind IN ('ask_to_buy', 'interrupted_purchase');
        DELETE FROM pending_actions WHERE kind IN ('ask_to_buy', 'interrupted_purchase');
        """

    /// The App Store bills and renews its subscriptions itself (docs/design/app-store-split.md,
    /// stage 5): each store-billed subscription the in-core path sold continues in
    /// `appstore_subscriptions` exactly where it was (period, series, offers, billing issue,
    /// consent price, clock, a consent still waiting), with its transactions copied to Apple's,
    /// and "renewals fail" where the tester left it (stage 4 kept it in the merchant's row only,
    /// and the App Store's switches are a flat object, so the key is added as text); the merchant's row
    /// becomes a mirror that only the App Store's notifications change (`mirror_signed_at` 0:
    /// older than any of them; nothing scheduled). The outbox keeps each notification's renewal
    /// info and status as Apple signed them and whether the merchant's endpoint has it (rows
    /// before this point were delivered with their effects), and the merchant's events are no
    /// longer collected into notifications past this point (Apple queues its own).
    private static let v27 = """
        CREATE TABLE appstore_subscriptions (
            original_transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL,
            state TEXT NOT NULL, period_type TEXT NOT NULL, period_start INTEGER NOT NULL, period_end INTEGER NOT NULL,
            original_purchase INTEGER NOT NULL, series_anchor INTEGER NOT NULL, series_index INTEGER NOT NULL,
            intro_periods_left INTEGER NOT NULL, offer_code TEXT, offer_periods_left INTEGER NOT NULL,
            will_auto_renew INTEGER NOT NULL, pending_product_id TEXT, expiration_reason TEXT, revocation_date INTEGER,
            billing_issue_at INTEGER, grace_ends_at INTEGER, retry_ends_at INTEGER, next_retry_at INTEGER,
            retry_index INTEGER NOT NULL, price_override INTEGER, currency TEXT NOT NULL, latest_transaction_id TEXT NOT NULL,
            clock_id TEXT, next_event_at INTEGER);
        CREATE INDEX appstore_subscriptions_account ON appstore_subscriptions(account_id);
        CREATE INDEX appstore_subscriptions_due ON appstore_subscriptions(clock_id, next_event_at) WHERE next_event_at IS NOT NULL;
        INSERT INTO appstore_subscriptions
            SELECT s.original_transaction_id, s.account_id, s.product_id, s.state, s.period_type, s.period_start, s.period_end,
                   s.original_purchase, s.series_anchor, s.series_index, s.intro_periods_left, s.offer_code, s.offer_periods_left,
                   s.will_auto_renew, s.pending_product_id, s.expiration_reason, s.revocation_date, s.billing_issue_at,
                   s.grace_ends_at, s.retry_ends_at, s.next_retry_at, s.retry_index, s.price_override, s.currency,
                   (SELECT t.id FROM transactions t WHERE t.subscription_id = s.id ORDER BY t.purchase_date DESC, t.id DESC LIMIT 1),
                   s.clock_id, s.next_event_at
            FROM subscriptions s
            WHERE s.billing = 'store' AND s.mirror_signed_at IS NULL AND s.original_transaction_id IS NOT NULL;
        INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
            SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload
            FROM transactions t JOIN subscriptions s ON s.id = t.subscription_id
            WHERE t.issuer = 'app_store' AND s.billing = 'store' AND s.mirror_signed_at IS NULL;
        UPDATE subscriptions SET mirror_signed_at = 0, next_event_at = NULL, next_retry_at = NULL, retry_ends_at = NULL,
                                 retry_index = 0
            WHERE billing = 'store' AND mirror_signed_at IS NULL;
        ALTER TABLE appstore_pending_actions ADD COLUMN original_transaction_id TEXT;
        ALTER TABLE appstore_pending_actions ADD COLUMN subscription_id TEXT;
        INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, resolved_at, resolution,
                                             original_transaction_id, subscription_id)
            SELECT p.id, p.account_id, p.kind, p.product_id, p.request, p.created_at, p.resolved_at, p.resolution,
                   s.original_transaction_id, s.id
            FROM pending_actions p JOIN subscriptions s ON s.id = p.subscription_id
            WHERE p.kind = 'price_increase' AND s.billing = 'store';
        DELETE FROM pending_actions WHERE kind = 'price_increase'
            AND subscription_id IN (SELECT id FROM subscriptions WHERE billing = 'store');
        UPDATE appstore_state SET value = REPLACE(value, '}', ',"renewalsFail":true}')
            WHERE key = 'controls' AND value NOT LIKE '%"renewalsFail"%'
              AND EXISTS (SELECT 1 FROM meta WHERE key = 'controls' AND value LIKE '%"renewalsFail":true%');
        ALTER TABLE store_notifications ADD COLUMN signed_renewal_info TEXT;
        ALTER TABLE store_notifications ADD COLUMN status INTEGER;
        ALTER TABLE store_notifications ADD COLUMN merchant_delivered_at INTEGER;
        UPDATE store_notifications SET merchant_delivered_at = created_at;
        CREATE INDEX store_notifications_to_merchant ON store_notifications(created_at) WHERE merchant_delivered_at IS NULL;
        INSERT INTO appstore_state(key, value) SELECT 'legacy_subscription_event_end', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
        """

    /// The App Store answers for everything it sold, including what the in-core store sold before
    /// it kept its own records: a keyed purchase request answered then (a sale: its transaction; a
    /// request waiting for a parent: its id, kept by v26) is answered from the App Store's keys,
    /// and the merchant's copy of the answer stays where it was. The transactions those answers and
    /// the device's waiting receipts name join the App Store's copies where v26 and v27 did not copy
    /// them (whoever issued them: a receipt goes to the receipt endpoint, which trusts the App
    /// Store's chain only), and a receipt queued without its token takes its copy's token; one
    /// still unsigned is signed by the App Store from its copy when the device sends it.
    /// A keyed request the in-core store answered "cancelled" keeps no answer: its retry asks again.
    /// Each notification keeps when it was queued (`signed_at`), the `signedDate` of every delivery
    /// of it; one queued before this step takes its first attempt's time, or its first due time.
    /// (One not yet told to the merchant when the store is upgraded, queued before another that
    /// was told first, is then older than the mirror's last and changes nothing: the later one
    /// already holds the subscription as it is.)
    private static let v28 = """
        INSERT INTO appstore_purchase_keys(key, request, pending_id, transaction_id, created_at)
            SELECT key, request, json_extract(response, '$.pending._0.id'),
                   CASE WHEN json_extract(response, '$.success') IS NOT NULL
                        THEN COALESCE(json_extract(response, '$.success._0.payload.transactionId'),
                                      json_extract(json_extract(response, '$.success._0.payloadJSON'), '$.transactionId'))
                   END,
                   created_at
            FROM idempotency_keys
            WHERE operation = 'store_purchase'
              AND (json_extract(response, '$.pending._0.id') IS NOT NULL OR json_extract(response, '$.success') IS NOT NULL)
            ON CONFLICT(key) DO NOTHING;
        INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
            SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t
            WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id)
              AND (t.id IN (SELECT transaction_id FROM appstore_purchase_keys WHERE transaction_id IS NOT NULL)
                   OR t.id IN (SELECT transaction_id FROM sync_queue WHERE jws = '' AND done_at IS NULL));
        UPDATE sync_queue SET jws = (SELECT a.jws FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id)
            WHERE jws = '' AND EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id AND a.jws <> '');
        ALTER TABLE store_notifications ADD COLUMN signed_at INTEGER;
        UPDATE store_notifications SET signed_at = COALESCE(first_attempt_at, next_attempt_at);
        """

    /// The App Store follows customers onto and off test clocks from the merchant's events
    /// (`test_clock.attached`/`detached`, written from here on) instead of reading every account:
    /// its subscriptions are filed once more under their customers' clocks as they are now, and
    /// it reads the events after the last one there is.
    private static let v29 = """
        UPDATE appstore_subscriptions SET clock_id = (SELECT a.test_clock_id FROM accounts a WHERE a.id = appstore_subscriptions.account_id)
            WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = appstore_subscriptions.account_id);
        INSERT INTO appstore_state(key, value) SELECT 'clock_event_cursor', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
        """

    /// The notification outbox is the App Store's alone: the notifications the in-core store's
    /// events still owed it (up to `legacy_subscription_event_end`, past the collector's cursor,
    /// one-time sales and their refunds up to `legacy_event_end`) are collected here, once, as the
    /// collector did, each due at once and signed with its event's time. From then on a row names
    /// its subscription by original transaction (as Apple does; the App Store signs its renewal info
    /// from its own subscription) and every transaction a notification names has the App Store's
    /// copy, so nothing the outbox sends is read from the merchant's rows.
    private static let v30 = """
        WITH legacy AS (
            SELECT e.seq, e.account_id, e.type, e.at, e.subscription_id, e.detail,
                   CASE WHEN e.type = 'refund.issued' THEN e.detail ELSE e.invoice_id END AS purchase_invoice, hex(randomblob(16)) AS h
            FROM events e
            WHERE e.seq > COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'notification_cursor'), 0)
              AND e.seq <= (SELECT CAST(value AS INTEGER) FROM appstore_state WHERE key = 'legacy_subscription_event_end')
              AND NOT ((e.type = 'purchase.completed' OR (e.type = 'refund.issued' AND e.subscription_id IS NULL))
                       AND e.seq > (SELECT CAST(value AS INTEGER) FROM appstore_state WHERE key = 'legacy_event_end'))
              AND NOT (e.type = 'purchase.completed' AND e.subscription_id IS NOT NULL)
        ), kinds AS (
            SELECT l.*,
                   CASE l.type
                       WHEN 'subscription.started' THEN 'SUBSCRIBED'
                       WHEN 'subscription.renewed' THEN 'DID_RENEW'
                       WHEN 'subscription.recovered' THEN 'DID_RENEW'
                       WHEN 'subscription.grace_period_started' THEN 'DID_FAIL_TO_RENEW'
                       WHEN 'subscription.billing_retry_started' THEN
                           CASE WHEN EXISTS (SELECT 1 FROM events f WHERE f.type = 'subscription.renewal_failed'
                                                 AND f.subscription_id = l.subscription_id AND f.at = l.at)
                                THEN 'DID_FAIL_TO_RENEW' ELSE 'GRACE_PERIOD_EXPIRED' END
                       WHEN 'subscription.expired' THEN 'EXPIRED'
                       WHEN 'subscription.cancelled' THEN 'DID_CHANGE_RENEWAL_STATUS'
                       WHEN 'subscription.resumed' THEN 'DID_CHANGE_RENEWAL_STATUS'
                       WHEN 'subscription.plan_changed' THEN 'DID_CHANGE_RENEWAL_PREF'
                       WHEN 'subscription.plan_change_scheduled' THEN 'DID_CHANGE_RENEWAL_PREF'
                       WHEN 'refund.issued' THEN 'REFUND'
                       WHEN 'subscription.revoked' THEN 'REVOKE'
                       WHEN 'price_increase.requested' THEN 'PRICE_INCREASE'
                       WHEN 'price_increase.accepted' THEN 'PRICE_INCREASE'
                       WHEN 'purchase.completed' THEN 'ONE_TIME_CHARGE'
                   END AS kind,
                   CASE l.type
                       WHEN 'subscription.started' THEN
                           CASE WHEN EXISTS (SELECT 1 FROM subscriptions s JOIN subscriptions t ON t.account_id = s.account_id
                                             WHERE s.id = l.subscription_id AND t.id <> s.id AND t.original_purchase < s.original_purchase)
                                THEN 'RESUBSCRIBE' ELSE 'INITIAL_BUY' END
                       WHEN 'subscription.recovered' THEN 'BILLING_RECOVERY'
                       WHEN 'subscription.grace_period_started' THEN 'GRACE_PERIOD'
                       WHEN 'subscription.expired' THEN
                           CASE l.detail WHEN 'autoRenewDisabled' THEN 'VOLUNTARY' WHEN 'billingError' THEN 'BILLING_RETRY'
                                         WHEN 'didNotConsentToPriceIncrease' THEN 'PRICE_INCREASE'
                                         WHEN 'productUnavailable' THEN 'PRODUCT_NOT_FOR_SALE' END
                       WHEN 'subscription.cancelled' THEN 'AUTO_RENEW_DISABLED'
                       WHEN 'subscription.resumed' THEN 'AUTO_RENEW_ENABLED'
                       WHEN 'subscription.plan_changed' THEN 'UPGRADE'
                       WHEN 'subscription.plan_change_scheduled' THEN 'DOWNGRADE'
                       WHEN 'price_increase.requested' THEN 'PENDING'
                       WHEN 'price_increase.accepted' THEN 'ACCEPTED'
                   END AS subtype
            FROM legacy l
        )
        INSERT INTO store_notifications(uuid, event_id, account_id, type, subtype, subscription_id, transaction_id,
                                        created_at, next_attempt_at, signed_at)
            SELECT substr(k.h, 1, 8) || '-' || substr(k.h, 9, 4) || '-4' || substr(k.h, 14, 3) || '-8' || substr(k.h, 18, 3) || '-' || substr(k.h, 21, 12), k.seq, k.account_id, k.kind, k.subtype, k.subscription_id,
                   CASE WHEN k.subscription_id IS NOT NULL
                        THEN (SELECT t.id FROM transactions t WHERE t.subscription_id = k.subscription_id AND t.purchase_date <= k.at
                              ORDER BY t.purchase_date DESC, t.id DESC LIMIT 1)
                        ELSE (SELECT t.id FROM transactions t WHERE t.invoice_id = k.purchase_invoice ORDER BY t.id LIMIT 1)
                   END,
                   k.at, 0, k.at
            FROM kinds k
            WHERE k.kind IS NOT NULL
              AND CASE WHEN k.subscription_id IS NOT NULL
                       THEN (SELECT s.billing FROM subscriptions s WHERE s.id = k.subscription_id) = 'store'
                       ELSE (SELECT p.billing FROM purchases p WHERE p.invoice_id = k.purchase_invoice) = 'store'
                  END
            ORDER BY k.seq
            ON CONFLICT(event_id) DO NOTHING;
        UPDATE store_notifications SET subscription_id =
                (SELECT s.original_transaction_id FROM subscriptions s WHERE s.id = store_notifications.subscription_id)
            WHERE event_id IS NOT NULL
              AND subscription_id IN (SELECT id FROM subscriptions WHERE original_transaction_id IS NOT NULL);
        INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
            SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t
            WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id)
              AND t.id IN (SELECT transaction_id FROM store_notifications WHERE transaction_id IS NOT NULL);
        """

    /// Billing history pages by (created_at, id), not SQLite's rowid, which PostgreSQL has no
    /// equivalent of: the index ends in the id so a page is one seek on both engines.
    private static let v21 = """
        DROP INDEX invoices_history;
        CREATE INDEX invoices_history ON invoices(account_id, created_at, id);
        """

    /// The checkout provider's sessions name the merchant's customer, but the provider keeps its
    /// own books: with the store on PostgreSQL its sessions stay in the data directory's SQLite
    /// file, where the merchant's accounts are not, so the column can no longer be a foreign key.
    /// SQLite drops a constraint by rebuilding the table (same columns, order and indexes).
    private static let v22 = """
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
        """

    /// An SSH customer is known by the SHA256 fingerprint of a public key: several keys may open one
    /// account, a key opens only one. The key itself is kept (public, OpenSSH one-line form) so
    /// `kiosk accounts ssh-keys --list` can show what it is.
    private static let v31 = """
        CREATE TABLE ssh_keys (
            fingerprint TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
            public_key TEXT NOT NULL, created_at INTEGER NOT NULL);
        CREATE INDEX ssh_keys_account ON ssh_keys(account_id);
        """

    /// A hosted checkout paid with a card the customer had saved already charges that saved
    /// method; only a card the session itself added is removed when its charge fails. Sessions
    /// charging before this step always added their own card.
    private static let v32 = """
        ALTER TABLE checkout_sessions ADD COLUMN purchase_method_added INTEGER NOT NULL DEFAULT 1;
        """
}
