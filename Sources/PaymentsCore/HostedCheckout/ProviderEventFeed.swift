import Foundation
import GRDB

/// How the simulated hosted-checkout provider learns what became of the subscriptions and
/// payments its checkouts started: by reading the merchant's event table after the fact, as a
/// real provider's own records would move, never by the merchant's rules calling into it.
///
/// Each event after the provider's cursor that concerns a checkout's subscription or payment
/// becomes the webhook DodoPayments would send (renewed, on hold, plan changed, cancelled,
/// expired, refunded); the cursor moves in the same transaction, so collecting twice, or from
/// two processes, queues each webhook once.
struct ProviderEventFeed: Rules {
    let work: UnitOfWork

    static let cursorKey = "provider_event_cursor"
    static let batchSize = 1000

    /// Queues the webhooks for the events not looked at yet; answers how many.
    @discardableResult
    func collect() throws -> Int {
        var cursor = try Int64.fetchOne(db.cachedStatement(sql: "SELECT CAST(value AS INTEGER) FROM provider_state WHERE key = ?"),
                                        arguments: [Self.cursorKey]) ?? 0
        var queued = 0
        while true {
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT seq, type, at, account_id, subscription_id, product_id, invoice_id, detail FROM events
                WHERE seq > ? ORDER BY seq LIMIT ?
                """), arguments: [cursor, Self.batchSize])
            for row in rows { queued += try webhooks(for: row) }
            guard let last = rows.last else { break }
            cursor = last["seq"]
            try db.execute(sql: """
                INSERT INTO provider_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, arguments: [Self.cursorKey, String(cursor)])
            if rows.count < Self.batchSize { break }
        }
        return queued
    }

    private func webhooks(for row: Row) throws -> Int {
        guard let type = StoreEventType(rawValue: row["type"]) else { return 0 }
        let seq: Int64 = row["seq"]
        let at = Date(milliseconds: row["at"] as Int64)
        let subscriptionID: String? = row["subscription_id"]
        let invoiceID: String? = row["invoice_id"]
        switch type {
        case .renewed:
            guard let session = try session(subscriptionID: subscriptionID), let invoiceID else { return 0 }
            let (amount, next) = try charge(invoiceID)
            var queued = 0
            if try productChanged(renewal: invoiceID, subscriptionID: session.subscriptionID) {
                try webhookOutbox.enqueueWebhook(.subscriptionPlanChanged, for: session, amount: nil, at: at, nextBillingDate: next)
                queued += 1
            }
            try webhookOutbox.enqueueWebhook(.subscriptionRenewed, for: session, amount: amount, at: at, nextBillingDate: next)
            return queued + 1
        case .recovered:
            guard let session = try session(subscriptionID: subscriptionID), let invoiceID else { return 0 }
            let (amount, next) = try charge(invoiceID)
            try webhookOutbox.enqueueWebhook(.subscriptionRenewed, for: session, amount: amount, at: at, nextBillingDate: next)
            return 1
        case .planChanged:
            // Only a change made now has an invoice; one scheduled for the renewal is told then.
            guard let invoiceID, let session = try session(subscriptionID: subscriptionID) else { return 0 }
            let (amount, next) = try charge(invoiceID)
            try webhookOutbox.enqueueWebhook(.subscriptionPlanChanged, for: session, amount: amount, at: at, nextBillingDate: next)
            return 1
        case .gracePeriodStarted, .billingRetryStarted:
            // On hold when a renewal first fails, not when grace later runs into billing retry
            // (even when a retry fails at that very instant).
            guard try firstFailure(at: seq, accountID: row["account_id"], subscriptionID: subscriptionID),
                  let session = try session(subscriptionID: subscriptionID) else { return 0 }
            // The period end is still the renewal date that failed.
            try webhookOutbox.enqueueWebhook(.subscriptionOnHold, for: session, amount: nil, at: at, nextBillingDate: at)
            return 1
        case .expired:
            guard let session = try session(subscriptionID: subscriptionID) else { return 0 }
            // Dodo: an ending the customer chose is "cancelled"; running out of retries is "expired".
            let chosen = ExpirationReason(rawValue: row["detail"] ?? "") == .autoRenewDisabled
            try webhookOutbox.enqueueWebhook(chosen ? .subscriptionCancelled : .subscriptionExpired, for: session,
                                             amount: nil, at: at)
            return 1
        case .revoked:
            guard let session = try session(subscriptionID: subscriptionID) else { return 0 }
            try webhookOutbox.enqueueWebhook(.subscriptionCancelled, for: session, amount: nil, at: at)
            return 1
        case .refunded:
            // The refund invoice, and in `detail` the invoice it refunds: the checkout's payment,
            // or a renewal of a subscription born in one.
            guard let invoiceID, let original: String = row["detail"],
                  let session = try refundedSession(paymentID: original, subscriptionID: subscriptionID) else { return 0 }
            let refund = try invoicing.invoice(invoiceID)
            try webhookOutbox.enqueueWebhook(.refundSucceeded, for: session,
                                             amount: Money(minorUnits: -refund.total, currency: Currency(code: refund.currency) ?? catalog.currency),
                                             at: at)
            return 1
        default:
            return 0
        }
    }

    private func session(subscriptionID: String?) throws -> CheckoutSessionRow? {
        guard let subscriptionID else { return nil }
        return try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM checkout_sessions WHERE subscription_id = ?"),
                                arguments: [subscriptionID]).map(CheckoutSessionRow.init(row:))
    }

    private func refundedSession(paymentID: String, subscriptionID: String?) throws -> CheckoutSessionRow? {
        try Row.fetchOne(db, sql: """
            SELECT * FROM checkout_sessions WHERE payment_id = ? OR (subscription_id IS NOT NULL AND subscription_id = ?)
            """, arguments: [paymentID, subscriptionID]).map(CheckoutSessionRow.init(row:))
    }

    /// What a renewal or change charged, and the period it paid for: the end of the transaction
    /// that invoice issued (the next billing date).
    private func charge(_ invoiceID: String) throws -> (Money, Date?) {
        let invoice = try invoicing.invoice(invoiceID)
        let expires = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT expires_date FROM transactions WHERE invoice_id = ? ORDER BY purchase_date DESC, id DESC LIMIT 1
            """), arguments: [invoiceID])
        return (Money(minorUnits: invoice.total, currency: Currency(code: invoice.currency) ?? catalog.currency),
                expires.map(Date.init(milliseconds:)))
    }

    /// Whether the renewal paid by `invoiceID` moved the subscription to another product than the
    /// transaction before it (its start, a renewal or a change made at once).
    private func productChanged(renewal invoiceID: String, subscriptionID: String?) throws -> Bool {
        guard let subscriptionID else { return false }
        let products = try String.fetchAll(db.cachedStatement(sql: """
            SELECT t.product_id FROM transactions t, transactions renewal
            WHERE renewal.invoice_id = ?1 AND t.subscription_id = ?2
              AND (t.purchase_date, t.id) <= (renewal.purchase_date, renewal.id)
            ORDER BY t.purchase_date DESC, t.id DESC LIMIT 2
            """), arguments: [invoiceID, subscriptionID])
        return products.count == 2 && products[0] != products[1]
    }

    /// Whether the grace or billing-retry start at `seq` opens a billing issue: the event just
    /// before it is the failed renewal (the first failure's two events are written one after the
    /// other), and the subscription was not already on hold since it last paid or started.
    private func firstFailure(at seq: Int64, accountID: String?, subscriptionID: String?) throws -> Bool {
        guard try String.fetchOne(db.cachedStatement(sql: "SELECT type FROM events WHERE seq = ? AND subscription_id = ?"),
                                  arguments: [seq - 1, subscriptionID]) == StoreEventType.renewalFailed.rawValue else {
            return false
        }
        let onHold: [StoreEventType] = [.gracePeriodStarted, .billingRetryStarted]
        let standing = onHold + [.subscriptionStarted, .renewed, .recovered, .expired]
        // Walks the account's events backwards (index events_account), stopping at the first match.
        let last = try String.fetchOne(db.cachedStatement(sql: """
            SELECT type FROM events
            WHERE account_id = ? AND seq < ? AND subscription_id = ? AND type IN (\(standing.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY seq DESC LIMIT 1
            """), arguments: StatementArguments([accountID, seq - 1, subscriptionID] + standing.map(\.rawValue)))
        return !onHold.map(\.rawValue).contains(last ?? "")
    }
}
