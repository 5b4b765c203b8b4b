/// The tables of hosted checkout, registered as migration "v2-hosted-checkout".
///
/// The provider's sessions and webhook outbox (`SimulatedCheckoutProvider`, which alone reads and
/// writes them) and the store's processed-ids and subscription mirror (its webhook endpoint)
/// share the data directory's database file, so a snapshot keeps both sides together; applying a
/// webhook and remembering its id commit in one transaction.
enum CheckoutSchema {
    static let v2 = """
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
        """

    /// Registered as migration "v8-checkout-offer": the promo code and the client's idempotency
    /// key travel with a browser checkout, so the page and the charge agree with the terminal.
    static let v7 = """
        ALTER TABLE checkout_sessions ADD COLUMN offer_code TEXT;
        ALTER TABLE checkout_sessions ADD COLUMN idempotency_key TEXT;
        """
}
