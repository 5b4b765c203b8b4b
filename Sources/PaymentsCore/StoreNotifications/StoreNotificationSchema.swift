/// The App Store's notification outbox: one row per notification, keyed by the store event it
/// reports so each is recorded exactly once, with Apple's retry bookkeeping.
enum StoreNotificationSchema {
    static let v9 = """
        CREATE TABLE store_notifications (
            id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE, event_id INTEGER UNIQUE,
            account_id TEXT, type TEXT NOT NULL, subtype TEXT, subscription_id TEXT, transaction_id TEXT,
            created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, first_attempt_at INTEGER,
            next_attempt_at INTEGER NOT NULL, delivered_at INTEGER, last_error TEXT);
        CREATE INDEX store_notifications_due ON store_notifications(delivered_at, next_attempt_at);
        """
}
