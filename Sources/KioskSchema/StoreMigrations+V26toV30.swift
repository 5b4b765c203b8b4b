extension StoreMigrations {

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
    /// On PostgreSQL the App Store's counters are sequence objects (`AppStoreRecords.next`), as
    /// v23 made the merchant's; the table is there for SQLite's sake.
    static let v26 = SchemaMigration("v26-app-store-sheet", [
        .both("""
            CREATE TABLE appstore_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
            """),
        .postgres("""
            CREATE SEQUENCE appstore_seq_transaction AS BIGINT MINVALUE 1;
            CREATE SEQUENCE appstore_seq_pending AS BIGINT MINVALUE 1;
            """),
        .both("""
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
            """),
    ])

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
    static let v27 = SchemaMigration("v27-app-store-subscriptions", [
        .both("""
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
            """),
        .postgres("""
            CREATE SEQUENCE appstore_seq_web_order AS BIGINT MINVALUE 1;
            """),
        .both("""
            ALTER TABLE store_notifications ADD COLUMN merchant_delivered_at INTEGER;
            UPDATE store_notifications SET merchant_delivered_at = created_at;
            CREATE INDEX store_notifications_to_merchant ON store_notifications(created_at) WHERE merchant_delivered_at IS NULL;
            INSERT INTO appstore_state(key, value) SELECT 'legacy_subscription_event_end', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
            """),
    ])

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
    static let v28 = SchemaMigration("v28-app-store-past-answers", [
        .sqlite("""
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
            """),
        .postgres("""
            INSERT INTO appstore_purchase_keys(key, request, pending_id, transaction_id, created_at)
                SELECT key, request, response::jsonb #>> '{pending,_0,id}',
                       CASE WHEN response::jsonb -> 'success' IS NOT NULL
                            THEN COALESCE(response::jsonb #>> '{success,_0,payload,transactionId}',
                                          (response::jsonb #>> '{success,_0,payloadJSON}')::jsonb ->> 'transactionId')
                       END,
                       created_at
                FROM idempotency_keys
                WHERE operation = 'store_purchase'
                  AND (response::jsonb #>> '{pending,_0,id}' IS NOT NULL OR response::jsonb -> 'success' IS NOT NULL)
                ON CONFLICT(key) DO NOTHING;
            """),
        .both("""
            INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
                SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t
                WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id)
                  AND (t.id IN (SELECT transaction_id FROM appstore_purchase_keys WHERE transaction_id IS NOT NULL)
                       OR t.id IN (SELECT transaction_id FROM sync_queue WHERE jws = '' AND done_at IS NULL));
            UPDATE sync_queue SET jws = (SELECT a.jws FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id)
                WHERE jws = '' AND EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id AND a.jws <> '');
            ALTER TABLE store_notifications ADD COLUMN signed_at INTEGER;
            UPDATE store_notifications SET signed_at = COALESCE(first_attempt_at, next_attempt_at);
            """),
    ])

    /// The App Store follows customers onto and off test clocks from the merchant's events
    /// (`test_clock.attached`/`detached`, written from here on) instead of reading every account:
    /// its subscriptions are filed once more under their customers' clocks as they are now, and
    /// it reads the events after the last one there is.
    static let v29 = SchemaMigration("v29-app-store-clock-events", [
        .both("""
            UPDATE appstore_subscriptions SET clock_id = (SELECT a.test_clock_id FROM accounts a WHERE a.id = appstore_subscriptions.account_id)
                WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = appstore_subscriptions.account_id);
            INSERT INTO appstore_state(key, value) SELECT 'clock_event_cursor', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events;
            """),
    ])

    /// The notification outbox is the App Store's alone: the notifications the in-core store's
    /// events still owed it (up to `legacy_subscription_event_end`, past the collector's cursor,
    /// one-time sales and their refunds up to `legacy_event_end`) are collected here, once, as the
    /// collector did, each due at once and signed with its event's time. From then on a row names
    /// its subscription by original transaction (as Apple does; the App Store signs its renewal info
    /// from its own subscription) and every transaction a notification names has the App Store's
    /// copy, so nothing the outbox sends is read from the merchant's rows.
    /// On PostgreSQL the collector's cursor is a position in the feed's order (`EventFeedOrder`:
    /// writer, then seq), read as the collector read it.
    static let v30 = SchemaMigration("v30-app-store-outbox", [
        .sqlite("""
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
            """),
        .postgres("""
            WITH legacy AS (
                SELECT e.seq, e.account_id, e.type, e.at, e.subscription_id, e.detail,
                       CASE WHEN e.type = 'refund.issued' THEN e.detail ELSE e.invoice_id END AS purchase_invoice, upper(gen_random_uuid()::text) AS h
                FROM events e
                WHERE (e.tx, e.seq) > (COALESCE((SELECT p.tx FROM events p
                                                 WHERE p.seq <= COALESCE((SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'notification_cursor'), 0)
                                                 ORDER BY p.seq DESC LIMIT 1), 0),
                                       COALESCE((SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'notification_cursor'), 0))
                  AND e.seq <= (SELECT CAST(value AS BIGINT) FROM appstore_state WHERE key = 'legacy_subscription_event_end')
                  AND NOT ((e.type = 'purchase.completed' OR (e.type = 'refund.issued' AND e.subscription_id IS NULL))
                           AND e.seq > (SELECT CAST(value AS BIGINT) FROM appstore_state WHERE key = 'legacy_event_end'))
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
                SELECT k.h, k.seq, k.account_id, k.kind, k.subtype, k.subscription_id,
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
            """),
        .both("""
            UPDATE store_notifications SET subscription_id =
                    (SELECT s.original_transaction_id FROM subscriptions s WHERE s.id = store_notifications.subscription_id)
                WHERE event_id IS NOT NULL
                  AND subscription_id IN (SELECT id FROM subscriptions WHERE original_transaction_id IS NOT NULL);
            INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload)
                SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t
                WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id)
                  AND t.id IN (SELECT transaction_id FROM store_notifications WHERE transaction_id IS NOT NULL);
            """),
    ])
}
