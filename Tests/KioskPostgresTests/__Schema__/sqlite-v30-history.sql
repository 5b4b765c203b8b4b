-- v1
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)
CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)
CREATE TABLE test_clocks ( id TEXT PRIMARY KEY, name TEXT NOT NULL, frozen_time INTEGER NOT NULL, created_at INTEGER NOT NULL)
CREATE TABLE accounts ( id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, name TEXT NOT NULL, created_at INTEGER NOT NULL, currency TEXT NOT NULL, storefront TEXT NOT NULL, test_clock_id TEXT REFERENCES test_clocks(id), credit_balance INTEGER NOT NULL DEFAULT 0, points_balance INTEGER NOT NULL DEFAULT 0, details TEXT NOT NULL)
CREATE TABLE payment_methods ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), token TEXT NOT NULL, brand TEXT NOT NULL, last4 TEXT NOT NULL, exp_month INTEGER NOT NULL, exp_year INTEGER NOT NULL, is_default INTEGER NOT NULL, behaviour TEXT NOT NULL, created_at INTEGER NOT NULL, removed_at INTEGER)
CREATE INDEX payment_methods_account ON payment_methods(account_id)
CREATE TABLE subscriptions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), group_id TEXT NOT NULL, plan_id TEXT NOT NULL, product_id TEXT NOT NULL, state TEXT NOT NULL, period_type TEXT NOT NULL, period_start INTEGER NOT NULL, period_end INTEGER NOT NULL, original_purchase INTEGER NOT NULL, series_anchor INTEGER NOT NULL, series_index INTEGER NOT NULL, intro_periods_left INTEGER NOT NULL DEFAULT 0, offer_code TEXT, offer_periods_left INTEGER NOT NULL DEFAULT 0, will_auto_renew INTEGER NOT NULL, pending_product_id TEXT, expiration_reason TEXT, revocation_date INTEGER, revocation_reason TEXT, billing_issue_at INTEGER, unsubscribe_at INTEGER, grace_ends_at INTEGER, retry_ends_at INTEGER, next_retry_at INTEGER, retry_index INTEGER NOT NULL DEFAULT 0, open_invoice_id TEXT, paid_amount INTEGER NOT NULL, currency TEXT NOT NULL, payment_method_id TEXT, cancellation_reason TEXT, clock_id TEXT, next_event_at INTEGER)
CREATE INDEX subscriptions_account ON subscriptions(account_id)
CREATE INDEX subscriptions_due ON subscriptions(clock_id, next_event_at) WHERE next_event_at IS NOT NULL
CREATE TABLE purchases ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), product_id TEXT NOT NULL, type TEXT NOT NULL, purchased_at INTEGER NOT NULL, expires_at INTEGER, revoked_at INTEGER, invoice_id TEXT NOT NULL, points INTEGER NOT NULL DEFAULT 0)
CREATE INDEX purchases_account ON purchases(account_id, product_id)
CREATE TABLE intro_redemptions ( account_id TEXT NOT NULL, group_id TEXT NOT NULL, product_id TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account_id, group_id))
CREATE TABLE offer_redemptions ( account_id TEXT NOT NULL, code TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account_id, code))
CREATE TABLE invoices ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, subscription_id TEXT, product_id TEXT, kind TEXT NOT NULL, created_at INTEGER NOT NULL, status TEXT NOT NULL, description TEXT NOT NULL, total INTEGER NOT NULL, currency TEXT NOT NULL, pm_brand TEXT, pm_last4 TEXT, attempt_count INTEGER NOT NULL DEFAULT 0, failure_code TEXT, refund_of TEXT, lines TEXT NOT NULL)
CREATE INDEX invoices_history ON invoices(account_id, created_at)
CREATE INDEX invoices_by_status ON invoices(account_id, status, created_at)
CREATE TABLE ledger ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, invoice_id TEXT NOT NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, at INTEGER NOT NULL)
CREATE INDEX ledger_invoice ON ledger(invoice_id)
CREATE TABLE points_ledger ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, delta INTEGER NOT NULL, balance_after INTEGER NOT NULL, reason TEXT NOT NULL, product_id TEXT, invoice_id TEXT, at INTEGER NOT NULL)
CREATE INDEX points_ledger_account ON points_ledger(account_id, seq DESC)
CREATE TABLE usage_records ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, feature_id TEXT NOT NULL, at INTEGER NOT NULL)
CREATE INDEX usage_records_window ON usage_records(account_id, feature_id, at)
CREATE TABLE events ( seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT, type TEXT NOT NULL, at INTEGER NOT NULL, subscription_id TEXT, product_id TEXT, invoice_id TEXT, detail TEXT)
CREATE INDEX events_account ON events(account_id, seq)
CREATE TABLE idempotency_keys ( key TEXT PRIMARY KEY, operation TEXT NOT NULL, request TEXT NOT NULL, response TEXT NOT NULL, created_at INTEGER NOT NULL)
-- v2-simulated-store
CREATE TABLE transactions ( id TEXT PRIMARY KEY, original_id TEXT NOT NULL, account_id TEXT NOT NULL, product_id TEXT NOT NULL, subscription_id TEXT, invoice_id TEXT, purchase_date INTEGER NOT NULL, expires_date INTEGER, revocation_date INTEGER, jws TEXT NOT NULL)
CREATE INDEX transactions_account ON transactions(account_id, purchase_date)
CREATE INDEX transactions_original ON transactions(original_id)
CREATE INDEX transactions_invoice ON transactions(invoice_id)
ALTER TABLE subscriptions ADD COLUMN original_transaction_id TEXT
ALTER TABLE subscriptions ADD COLUMN billing TEXT NOT NULL DEFAULT 'card'
ALTER TABLE subscriptions ADD COLUMN price_override INTEGER
ALTER TABLE purchases ADD COLUMN billing TEXT NOT NULL DEFAULT 'card'
CREATE TABLE pending_actions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL, product_id TEXT, subscription_id TEXT, request TEXT NOT NULL, created_at INTEGER NOT NULL, resolved_at INTEGER, resolution TEXT)
CREATE INDEX pending_actions_open ON pending_actions(account_id, created_at) WHERE resolved_at IS NULL
-- v3-receipt-backend
CREATE TABLE backend_receipts ( transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, status TEXT NOT NULL, sandbox INTEGER NOT NULL, points INTEGER NOT NULL, storefront TEXT NOT NULL, recorded_at INTEGER NOT NULL)
CREATE TABLE sync_queue ( transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, jws TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, last_error TEXT, done_at INTEGER)
CREATE INDEX sync_queue_waiting ON sync_queue(next_attempt_at) WHERE done_at IS NULL
-- v4-hosted-checkout
CREATE TABLE checkout_sessions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), product_id TEXT NOT NULL, success_url TEXT NOT NULL, cancel_url TEXT NOT NULL, state TEXT NOT NULL, status TEXT NOT NULL, payment_status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, payment_id TEXT, subscription_id TEXT, last_decline TEXT, pending_card TEXT, confirmed_at INTEGER)
CREATE INDEX checkout_sessions_account ON checkout_sessions(account_id, created_at)
CREATE TABLE webhook_deliveries ( id TEXT PRIMARY KEY, message_id TEXT NOT NULL, event_type TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, ordinal INTEGER NOT NULL, last_error TEXT, created_at INTEGER NOT NULL, delivered_at INTEGER)
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(status, ordinal)
CREATE TABLE processed_webhooks ( message_id TEXT PRIMARY KEY, event_type TEXT NOT NULL, outcome TEXT NOT NULL, received_at INTEGER NOT NULL)
CREATE TABLE provider_subscriptions ( subscription_id TEXT PRIMARY KEY, status TEXT NOT NULL, event_at INTEGER NOT NULL)
-- v5-lookup-indexes
CREATE INDEX transactions_subscription ON transactions(subscription_id, purchase_date, id)
CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id)
CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id)
CREATE INDEX webhook_deliveries_ordinal ON webhook_deliveries(ordinal)
CREATE INDEX purchases_invoice ON purchases(invoice_id)
-- v6-deferred-signing
ALTER TABLE transactions ADD COLUMN payload TEXT
CREATE INDEX pending_actions_subscription ON pending_actions(subscription_id, kind) WHERE resolved_at IS NULL
-- v7-api-keys
CREATE TABLE api_keys ( key_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE REFERENCES accounts(id), created_at INTEGER NOT NULL)
-- v8-checkout-offer
ALTER TABLE checkout_sessions ADD COLUMN offer_code TEXT
ALTER TABLE checkout_sessions ADD COLUMN idempotency_key TEXT
-- v9-store-notifications
CREATE TABLE store_notifications ( id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, event_id INTEGER UNIQUE, account_id TEXT, type TEXT NOT NULL, subtype TEXT, subscription_id TEXT, transaction_id TEXT, created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER, next_attempt_at INTEGER NOT NULL, delivered_at INTEGER, last_error TEXT)
CREATE INDEX store_notifications_due ON store_notifications(delivered_at, next_attempt_at)
-- v10-card-fingerprints
ALTER TABLE payment_methods ADD COLUMN fingerprint TEXT
CREATE INDEX payment_methods_fingerprint ON payment_methods(account_id, fingerprint) WHERE fingerprint IS NOT NULL AND removed_at IS NULL
-- v11-account-products
CREATE INDEX transactions_account_product ON transactions(account_id, product_id)
CREATE INDEX purchases_entitling ON purchases(account_id, purchased_at) WHERE type <> 'consumable'
-- v12-sessions
CREATE TABLE sessions ( token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), created_at INTEGER NOT NULL)
CREATE INDEX sessions_account ON sessions(account_id)
-- v13-provider-event-feed
INSERT OR REPLACE INTO meta(key, value) VALUES ('provider_event_cursor', CAST((SELECT COALESCE(MAX(seq), 0) FROM events) AS TEXT))
-- v14-card-processor
UPDATE checkout_sessions SET pending_card = NULL WHERE pending_card IS NOT NULL
DELETE FROM meta WHERE key = 'card_fingerprint_key'
-- v15-checkout-confirmations
CREATE TABLE checkout_confirmations ( session_id TEXT PRIMARY KEY, payment_id TEXT NOT NULL, confirmed_at INTEGER NOT NULL)
INSERT INTO checkout_confirmations(session_id, payment_id, confirmed_at) SELECT id, payment_id, confirmed_at FROM checkout_sessions WHERE confirmed_at IS NOT NULL AND payment_id IS NOT NULL
ALTER TABLE checkout_sessions DROP COLUMN confirmed_at
-- v16-provider-state
CREATE TABLE provider_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)
CREATE TABLE provider_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)
INSERT INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'provider_event_cursor'
DELETE FROM meta WHERE key = 'provider_event_cursor'
INSERT INTO provider_sequences(name, value) SELECT name, value FROM sequences WHERE name IN ('msg', 'whd')
DELETE FROM sequences WHERE name IN ('msg', 'whd')
-- v17-provider-over-api
ALTER TABLE checkout_sessions ADD COLUMN subscription_product_id TEXT
ALTER TABLE checkout_sessions ADD COLUMN on_hold INTEGER NOT NULL DEFAULT 0
ALTER TABLE checkout_sessions ADD COLUMN purchase_method_id TEXT
UPDATE checkout_sessions SET subscription_product_id = COALESCE(( SELECT e.product_id FROM events e WHERE e.account_id = checkout_sessions.account_id AND e.subscription_id = checkout_sessions.subscription_id AND e.product_id IS NOT NULL AND e.seq <= COALESCE((SELECT CAST(value AS INTEGER) FROM provider_state WHERE key = 'provider_event_cursor'), 0) AND (e.type IN ('subscription.started', 'subscription.renewed') OR (e.type = 'subscription.plan_changed' AND e.invoice_id IS NOT NULL)) ORDER BY e.seq DESC LIMIT 1), product_id) WHERE subscription_id IS NOT NULL
UPDATE checkout_sessions SET on_hold = 1 WHERE subscription_id IS NOT NULL AND ( SELECT e.type FROM events e WHERE e.account_id = checkout_sessions.account_id AND e.subscription_id = checkout_sessions.subscription_id AND e.seq <= COALESCE((SELECT CAST(value AS INTEGER) FROM provider_state WHERE key = 'provider_event_cursor'), 0) AND e.type IN ('subscription.started', 'subscription.renewed', 'subscription.recovered', 'subscription.expired', 'subscription.grace_period_started', 'subscription.billing_retry_started') ORDER BY e.seq DESC LIMIT 1) IN ('subscription.grace_period_started', 'subscription.billing_retry_started')
CREATE UNIQUE INDEX checkout_sessions_idempotency ON checkout_sessions(account_id, idempotency_key) WHERE idempotency_key IS NOT NULL
INSERT OR IGNORE INTO provider_state(key, value) SELECT key, value FROM meta WHERE key = 'webhook_secrets'
-- v18-transaction-issuers
ALTER TABLE transactions ADD COLUMN issuer TEXT NOT NULL DEFAULT 'merchant'
UPDATE transactions SET issuer = 'app_store' WHERE subscription_id IN (SELECT id FROM subscriptions WHERE billing = 'store') OR invoice_id IN (SELECT invoice_id FROM purchases WHERE billing = 'store')
INSERT INTO meta(key, value) SELECT 'app_store_signed_merchant_sales', '1' WHERE EXISTS(SELECT 1 FROM transactions WHERE issuer = 'merchant' AND jws <> '')
-- v19-app-store-inbox
CREATE TABLE app_store_notifications_received ( notification_uuid TEXT PRIMARY KEY, type TEXT NOT NULL, subtype TEXT, transaction_id TEXT, signed_at INTEGER NOT NULL, outcome TEXT NOT NULL, received_at INTEGER NOT NULL)
-- v20-store-subscription-mirrors
ALTER TABLE subscriptions ADD COLUMN mirror_signed_at INTEGER
CREATE UNIQUE INDEX subscriptions_store_original ON subscriptions(original_transaction_id) WHERE billing = 'store'
-- v21-invoice-history-keyset
DROP INDEX invoices_history
CREATE INDEX invoices_history ON invoices(account_id, created_at, id)
-- v22-provider-sessions-unkeyed
CREATE TABLE checkout_sessions_unkeyed ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, success_url TEXT NOT NULL, cancel_url TEXT NOT NULL, state TEXT NOT NULL, status TEXT NOT NULL, payment_status TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, payment_id TEXT, subscription_id TEXT, last_decline TEXT, pending_card TEXT, offer_code TEXT, idempotency_key TEXT, subscription_product_id TEXT, on_hold INTEGER NOT NULL DEFAULT 0, purchase_method_id TEXT)
INSERT INTO checkout_sessions_unkeyed SELECT id, account_id, product_id, success_url, cancel_url, state, status, payment_status, created_at, expires_at, attempts, payment_id, subscription_id, last_decline, pending_card, offer_code, idempotency_key, subscription_product_id, on_hold, purchase_method_id FROM checkout_sessions
DROP TABLE checkout_sessions
ALTER TABLE checkout_sessions_unkeyed RENAME TO checkout_sessions
CREATE INDEX checkout_sessions_account ON checkout_sessions(account_id, created_at)
CREATE INDEX checkout_sessions_subscription ON checkout_sessions(subscription_id)
CREATE INDEX checkout_sessions_payment ON checkout_sessions(payment_id)
CREATE UNIQUE INDEX checkout_sessions_idempotency ON checkout_sessions(account_id, idempotency_key) WHERE idempotency_key IS NOT NULL
-- v23-sequence-objects
-- v24-event-feed-order
-- v25-shared-secrets
-- v26-app-store-sheet
CREATE TABLE appstore_sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL)
CREATE TABLE appstore_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)
INSERT INTO appstore_state(key, value) SELECT 'controls', value FROM meta WHERE key = 'controls'
INSERT INTO appstore_state(key, value) SELECT 'legacy_event_end', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events
CREATE TABLE appstore_transactions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, purchase_date INTEGER NOT NULL, revocation_date INTEGER, offer_code TEXT, jws TEXT NOT NULL, payload TEXT, notification_uuid TEXT)
CREATE INDEX appstore_transactions_owned ON appstore_transactions(account_id, product_id)
INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload) SELECT id, account_id, product_id, purchase_date, revocation_date, jws, payload FROM transactions WHERE issuer = 'app_store' AND subscription_id IS NULL
CREATE INDEX invoices_refund_of ON invoices(refund_of) WHERE refund_of IS NOT NULL
CREATE TABLE appstore_pending_actions ( id TEXT PRIMARY KEY, account_id TEXT NOT NULL, kind TEXT NOT NULL, product_id TEXT, request TEXT NOT NULL, created_at INTEGER NOT NULL, resolved_at INTEGER, resolution TEXT)
CREATE INDEX appstore_pending_actions_open ON appstore_pending_actions(account_id, created_at) WHERE resolved_at IS NULL
CREATE TABLE appstore_purchase_keys ( key TEXT PRIMARY KEY, request TEXT NOT NULL, pending_id TEXT, transaction_id TEXT, created_at INTEGER NOT NULL)
INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, resolved_at, resolution) SELECT id, account_id, kind, product_id, request, created_at, resolved_at, resolution FROM pending_actions WHERE kind IN ('ask_to_buy', 'interrupted_purchase')
DELETE FROM pending_actions WHERE kind IN ('ask_to_buy', 'interrupted_purchase')
-- v27-app-store-subscriptions
CREATE TABLE appstore_subscriptions ( original_transaction_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, product_id TEXT NOT NULL, state TEXT NOT NULL, period_type TEXT NOT NULL, period_start INTEGER NOT NULL, period_end INTEGER NOT NULL, original_purchase INTEGER NOT NULL, series_anchor INTEGER NOT NULL, series_index INTEGER NOT NULL, intro_periods_left INTEGER NOT NULL, offer_code TEXT, offer_periods_left INTEGER NOT NULL, will_auto_renew INTEGER NOT NULL, pending_product_id TEXT, expiration_reason TEXT, revocation_date INTEGER, billing_issue_at INTEGER, grace_ends_at INTEGER, retry_ends_at INTEGER, next_retry_at INTEGER, retry_index INTEGER NOT NULL, price_override INTEGER, currency TEXT NOT NULL, latest_transaction_id TEXT NOT NULL, clock_id TEXT, next_event_at INTEGER)
CREATE INDEX appstore_subscriptions_account ON appstore_subscriptions(account_id)
CREATE INDEX appstore_subscriptions_due ON appstore_subscriptions(clock_id, next_event_at) WHERE next_event_at IS NOT NULL
INSERT INTO appstore_subscriptions SELECT s.original_transaction_id, s.account_id, s.product_id, s.state, s.period_type, s.period_start, s.period_end, s.original_purchase, s.series_anchor, s.series_index, s.intro_periods_left, s.offer_code, s.offer_periods_left, s.will_auto_renew, s.pending_product_id, s.expiration_reason, s.revocation_date, s.billing_issue_at, s.grace_ends_at, s.retry_ends_at, s.next_retry_at, s.retry_index, s.price_override, s.currency, (SELECT t.id FROM transactions t WHERE t.subscription_id = s.id ORDER BY t.purchase_date DESC, t.id DESC LIMIT 1), s.clock_id, s.next_event_at FROM subscriptions s WHERE s.billing = 'store' AND s.mirror_signed_at IS NULL AND s.original_transaction_id IS NOT NULL
INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload) SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t JOIN subscriptions s ON s.id = t.subscription_id WHERE t.issuer = 'app_store' AND s.billing = 'store' AND s.mirror_signed_at IS NULL
UPDATE subscriptions SET mirror_signed_at = 0, next_event_at = NULL, next_retry_at = NULL, retry_ends_at = NULL, retry_index = 0 WHERE billing = 'store' AND mirror_signed_at IS NULL
ALTER TABLE appstore_pending_actions ADD COLUMN original_transaction_id TEXT
ALTER TABLE appstore_pending_actions ADD COLUMN subscription_id TEXT
INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, resolved_at, resolution, original_transaction_id, subscription_id) SELECT p.id, p.account_id, p.kind, p.product_id, p.request, p.created_at, p.resolved_at, p.resolution, s.original_transaction_id, s.id FROM pending_actions p JOIN subscriptions s ON s.id = p.subscription_id WHERE p.kind = 'price_increase' AND s.billing = 'store'
DELETE FROM pending_actions WHERE kind = 'price_increase' AND subscription_id IN (SELECT id FROM subscriptions WHERE billing = 'store')
UPDATE appstore_state SET value = REPLACE(value, '}', ',"renewalsFail":true}') WHERE key = 'controls' AND value NOT LIKE '%"renewalsFail"%' AND EXISTS (SELECT 1 FROM meta WHERE key = 'controls' AND value LIKE '%"renewalsFail":true%')
ALTER TABLE store_notifications ADD COLUMN signed_renewal_info TEXT
ALTER TABLE store_notifications ADD COLUMN status INTEGER
ALTER TABLE store_notifications ADD COLUMN merchant_delivered_at INTEGER
UPDATE store_notifications SET merchant_delivered_at = created_at
CREATE INDEX store_notifications_to_merchant ON store_notifications(created_at) WHERE merchant_delivered_at IS NULL
INSERT INTO appstore_state(key, value) SELECT 'legacy_subscription_event_end', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events
-- v28-app-store-past-answers
INSERT INTO appstore_purchase_keys(key, request, pending_id, transaction_id, created_at) SELECT key, request, json_extract(response, '$.pending._0.id'), CASE WHEN json_extract(response, '$.success') IS NOT NULL THEN COALESCE(json_extract(response, '$.success._0.payload.transactionId'), json_extract(json_extract(response, '$.success._0.payloadJSON'), '$.transactionId')) END, created_at FROM idempotency_keys WHERE operation = 'store_purchase' AND (json_extract(response, '$.pending._0.id') IS NOT NULL OR json_extract(response, '$.success') IS NOT NULL) ON CONFLICT(key) DO NOTHING
INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload) SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id) AND (t.id IN (SELECT transaction_id FROM appstore_purchase_keys WHERE transaction_id IS NOT NULL) OR t.id IN (SELECT transaction_id FROM sync_queue WHERE jws = '' AND done_at IS NULL))
UPDATE sync_queue SET jws = (SELECT a.jws FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id) WHERE jws = '' AND EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = sync_queue.transaction_id AND a.jws <> '')
ALTER TABLE store_notifications ADD COLUMN signed_at INTEGER
UPDATE store_notifications SET signed_at = COALESCE(first_attempt_at, next_attempt_at)
-- v29-app-store-clock-events
UPDATE appstore_subscriptions SET clock_id = (SELECT a.test_clock_id FROM accounts a WHERE a.id = appstore_subscriptions.account_id) WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = appstore_subscriptions.account_id)
INSERT INTO appstore_state(key, value) SELECT 'clock_event_cursor', CAST(COALESCE(MAX(seq), 0) AS TEXT) FROM events
-- v30-app-store-outbox
WITH legacy AS ( SELECT e.seq, e.account_id, e.type, e.at, e.subscription_id, e.detail, CASE WHEN e.type = 'refund.issued' THEN e.detail ELSE e.invoice_id END AS purchase_invoice, hex(randomblob(16)) AS h FROM events e WHERE e.seq > COALESCE((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'notification_cursor'), 0) AND e.seq <= (SELECT CAST(value AS INTEGER) FROM appstore_state WHERE key = 'legacy_subscription_event_end') AND NOT ((e.type = 'purchase.completed' OR (e.type = 'refund.issued' AND e.subscription_id IS NULL)) AND e.seq > (SELECT CAST(value AS INTEGER) FROM appstore_state WHERE key = 'legacy_event_end')) AND NOT (e.type = 'purchase.completed' AND e.subscription_id IS NOT NULL) ), kinds AS ( SELECT l.*, CASE l.type WHEN 'subscription.started' THEN 'SUBSCRIBED' WHEN 'subscription.renewed' THEN 'DID_RENEW' WHEN 'subscription.recovered' THEN 'DID_RENEW' WHEN 'subscription.grace_period_started' THEN 'DID_FAIL_TO_RENEW' WHEN 'subscription.billing_retry_started' THEN CASE WHEN EXISTS (SELECT 1 FROM events f WHERE f.type = 'subscription.renewal_failed' AND f.subscription_id = l.subscription_id AND f.at = l.at) THEN 'DID_FAIL_TO_RENEW' ELSE 'GRACE_PERIOD_EXPIRED' END WHEN 'subscription.expired' THEN 'EXPIRED' WHEN 'subscription.cancelled' THEN 'DID_CHANGE_RENEWAL_STATUS' WHEN 'subscription.resumed' THEN 'DID_CHANGE_RENEWAL_STATUS' WHEN 'subscription.plan_changed' THEN 'DID_CHANGE_RENEWAL_PREF' WHEN 'subscription.plan_change_scheduled' THEN 'DID_CHANGE_RENEWAL_PREF' WHEN 'refund.issued' THEN 'REFUND' WHEN 'subscription.revoked' THEN 'REVOKE' WHEN 'price_increase.requested' THEN 'PRICE_INCREASE' WHEN 'price_increase.accepted' THEN 'PRICE_INCREASE' WHEN 'purchase.completed' THEN 'ONE_TIME_CHARGE' END AS kind, CASE l.type WHEN 'subscription.started' THEN CASE WHEN EXISTS (SELECT 1 FROM subscriptions s JOIN subscriptions t ON t.account_id = s.account_id WHERE s.id = l.subscription_id AND t.id <> s.id AND t.original_purchase < s.original_purchase) THEN 'RESUBSCRIBE' ELSE 'INITIAL_BUY' END WHEN 'subscription.recovered' THEN 'BILLING_RECOVERY' WHEN 'subscription.grace_period_started' THEN 'GRACE_PERIOD' WHEN 'subscription.expired' THEN CASE l.detail WHEN 'autoRenewDisabled' THEN 'VOLUNTARY' WHEN 'billingError' THEN 'BILLING_RETRY' WHEN 'didNotConsentToPriceIncrease' THEN 'PRICE_INCREASE' WHEN 'productUnavailable' THEN 'PRODUCT_NOT_FOR_SALE' END WHEN 'subscription.cancelled' THEN 'AUTO_RENEW_DISABLED' WHEN 'subscription.resumed' THEN 'AUTO_RENEW_ENABLED' WHEN 'subscription.plan_changed' THEN 'UPGRADE' WHEN 'subscription.plan_change_scheduled' THEN 'DOWNGRADE' WHEN 'price_increase.requested' THEN 'PENDING' WHEN 'price_increase.accepted' THEN 'ACCEPTED' END AS subtype FROM legacy l ) INSERT INTO store_notifications(uuid, event_id, account_id, type, subtype, subscription_id, transaction_id, created_at, next_attempt_at, signed_at) SELECT substr(k.h, 1, 8) || '-' || substr(k.h, 9, 4) || '-4' || substr(k.h, 14, 3) || '-8' || substr(k.h, 18, 3) || '-' || substr(k.h, 21, 12), k.seq, k.account_id, k.kind, k.subtype, k.subscription_id, CASE WHEN k.subscription_id IS NOT NULL THEN (SELECT t.id FROM transactions t WHERE t.subscription_id = k.subscription_id AND t.purchase_date <= k.at ORDER BY t.purchase_date DESC, t.id DESC LIMIT 1) ELSE (SELECT t.id FROM transactions t WHERE t.invoice_id = k.purchase_invoice ORDER BY t.id LIMIT 1) END, k.at, 0, k.at FROM kinds k WHERE k.kind IS NOT NULL AND CASE WHEN k.subscription_id IS NOT NULL THEN (SELECT s.billing FROM subscriptions s WHERE s.id = k.subscription_id) = 'store' ELSE (SELECT p.billing FROM purchases p WHERE p.invoice_id = k.purchase_invoice) = 'store' END ORDER BY k.seq ON CONFLICT(event_id) DO NOTHING
UPDATE store_notifications SET subscription_id = (SELECT s.original_transaction_id FROM subscriptions s WHERE s.id = store_notifications.subscription_id) WHERE event_id IS NOT NULL AND subscription_id IN (SELECT id FROM subscriptions WHERE original_transaction_id IS NOT NULL)
INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, revocation_date, jws, payload) SELECT t.id, t.account_id, t.product_id, t.purchase_date, t.revocation_date, t.jws, t.payload FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM appstore_transactions a WHERE a.id = t.id) AND t.id IN (SELECT transaction_id FROM store_notifications WHERE transaction_id IS NOT NULL)
