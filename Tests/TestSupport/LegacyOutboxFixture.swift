/// A store at v29 whose in-core store's events still owe the App Store's outbox notifications
/// (migration v30 collects them): plain SQL both engines run, and what v30 must leave. The
/// collector's rules: events past its cursor up to `legacy_subscription_event_end`, one-time
/// sales and their refunds only up to `legacy_event_end`, what the App Store billed only, each
/// event once, with the transaction it was about then.
public enum LegacyOutboxFixture {
    public static let statements: [String] = [
        """
        INSERT INTO accounts (id, email, name, created_at, currency, storefront, details)
        VALUES ('acct_1', 'ada@example.com', 'Ada', 0, 'USD', 'USA', '{}')
        """,
    ] + [("sub_old", "store", "'2000000000000001'", 10), ("sub_store", "store", "'2000000000000002'", 50),
         ("sub_card", "card", "NULL", 60)].map { id, billing, original, purchased in
        """
        INSERT INTO subscriptions (id, account_id, group_id, plan_id, product_id, state, period_type, period_start,
                                   period_end, original_purchase, series_anchor, series_index, will_auto_renew,
                                   paid_amount, currency, billing, original_transaction_id, retry_index, offer_periods_left,
                                   mirror_signed_at)
        VALUES ('\(id)', 'acct_1', 'pro', 'pro', 'pro.monthly', 'expired', 'normal', 0, 1, \(purchased), \(purchased), 0, 0,
                1000, 'USD', '\(billing)', \(original), 0, 0, 0)
        """
    } + [("pur_store", "INV-store", "store"), ("pur_card", "INV-card", "card")].map { id, invoice, billing in
        """
        INSERT INTO purchases (id, account_id, product_id, type, purchased_at, invoice_id, billing)
        VALUES ('\(id)', 'acct_1', 'themes', 'nonConsumable', 60, '\(invoice)', '\(billing)')
        """
    } + [("2000000000000002", "'sub_store'", "NULL", 50), ("2000000000000003", "'sub_store'", "NULL", 100),
         ("2000000000000004", "NULL", "'INV-store'", 60)].map { id, subscription, invoice, date in
        """
        INSERT INTO transactions (id, original_id, account_id, product_id, subscription_id, invoice_id, purchase_date,
                                  jws, payload, issuer)
        VALUES ('\(id)', '\(id)', 'acct_1', 'pro.monthly', \(subscription), \(invoice), \(date), '', '{"id":"\(id)"}', 'app_store')
        """
    } + [
        "UPDATE appstore_state SET value = '5' WHERE key = 'legacy_event_end'",
        "UPDATE appstore_state SET value = '10' WHERE key = 'legacy_subscription_event_end'",
        "INSERT INTO meta(key, value) VALUES ('notification_cursor', '1')",
    ] + [
        // seq 1 (collected: before the cursor) … 11 (past the end: the App Store's own).
        ("subscription.started", "'sub_store'", "NULL", 50, "NULL"),
        ("subscription.started", "'sub_store'", "NULL", 50, "NULL"),
        ("subscription.renewed", "'sub_store'", "NULL", 100, "NULL"),
        ("purchase.completed", "NULL", "'INV-store'", 60, "NULL"),
        ("subscription.billing_retry_started", "'sub_store'", "NULL", 120, "NULL"),
        ("subscription.renewal_failed", "'sub_store'", "NULL", 120, "NULL"),
        ("subscription.expired", "'sub_store'", "NULL", 130, "'billingError'"),
        ("purchase.completed", "NULL", "'INV-store'", 140, "NULL"),
        ("subscription.renewed", "'sub_card'", "NULL", 150, "NULL"),
        ("refund.issued", "NULL", "'INV-refund'", 160, "'INV-store'"),
        ("subscription.cancelled", "'sub_store'", "NULL", 170, "NULL"),
    ].map { type, subscription, invoice, at, detail in
        """
        INSERT INTO events (account_id, type, at, subscription_id, invoice_id, detail)
        VALUES ('acct_1', '\(type)', \(at), \(subscription), \(invoice), \(detail))
        """
    } + [
        // Event 3 was collected already (the cursor only passes settled events).
        """
        INSERT INTO store_notifications (uuid, event_id, account_id, type, subscription_id, transaction_id, created_at,
                                         next_attempt_at, signed_at)
        VALUES ('n-3', 3, 'acct_1', 'DID_RENEW', 'sub_store', '2000000000000003', 100, 5, 5)
        """,
    ]

    /// `event_id type/subtype subscription transaction created_at next_attempt_at signed_at` of
    /// every notification after v30, by event.
    public static let query = """
        SELECT COALESCE(CAST(event_id AS TEXT), '-') || ' ' || type || '/' || COALESCE(subtype, '-') || ' '
               || COALESCE(subscription_id, '-') || ' ' || COALESCE(transaction_id, '-') || ' ' || created_at || ' '
               || next_attempt_at || ' ' || signed_at
        FROM store_notifications ORDER BY event_id
        """

    public static let expected = [
        "2 SUBSCRIBED/RESUBSCRIBE 2000000000000002 2000000000000002 50 0 50",
        "3 DID_RENEW/- 2000000000000002 2000000000000003 100 5 5",
        "4 ONE_TIME_CHARGE/- - 2000000000000004 60 0 60",
        "5 DID_FAIL_TO_RENEW/- 2000000000000002 2000000000000003 120 0 120",
        "7 EXPIRED/BILLING_RETRY 2000000000000002 2000000000000003 130 0 130",
    ]

    /// The App Store's copies after v30: every transaction a notification names.
    public static let copiesQuery = "SELECT id FROM appstore_transactions ORDER BY id"
    public static let expectedCopies = ["2000000000000002", "2000000000000003", "2000000000000004"]

    /// Each new notification's uuid is a UUID, as Apple's `notificationUUID` is.
    public static let uuidQuery = "SELECT uuid FROM store_notifications WHERE uuid <> 'n-3' ORDER BY event_id"
}
