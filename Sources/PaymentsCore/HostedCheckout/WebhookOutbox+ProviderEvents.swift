import Foundation
import GRDB

extension WebhookOutbox {
    /// A subscription bought through hosted checkout lives on at the provider: its renewals,
    /// billing issues, plan changes, refunds and endings reach Kiosk as signed webhooks, as
    /// DodoPayments sends them. Subscriptions bought any other way send nothing.
    func notifyProvider(_ type: WebhookEventType, subscription: SubscriptionRecord, at time: Date,
                        amount: Money? = nil) throws {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM checkout_sessions WHERE subscription_id = ?"),
                                         arguments: [subscription.id]) else { return }
        let session = try CheckoutSessionRow(row: row)
        try enqueueWebhook(type, for: session, amount: amount, at: time,
                           nextBillingDate: subscription.isActiveState ? subscription.periodEnd : nil)
    }

    /// `refund.succeeded` for a refunded invoice that a hosted checkout session paid for, or that
    /// renewed a subscription born in one.
    func notifyProviderOfRefund(original: InvoiceRecord, refund: Invoice, at time: Date) throws {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT * FROM checkout_sessions WHERE payment_id = ? OR (subscription_id IS NOT NULL AND subscription_id = ?)
            """, arguments: [original.id, original.subscriptionID]) else { return }
        let session = try CheckoutSessionRow(row: row)
        try enqueueWebhook(.refundSucceeded, for: session, amount: refund.total.negated, at: time)
    }
}
