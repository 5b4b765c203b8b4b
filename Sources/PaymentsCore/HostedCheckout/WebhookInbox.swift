import Foundation

/// Kiosk's side of webhooks: applying a verified event exactly once.
///
/// Nothing here grants access: entitlements come from the purchase the checkout made in the
/// core. A success event only records, in the store's own table, that the provider's server
/// confirmed the session's payment, and subscription events keep a mirror of the provider's view
/// that only moves forward. The provider's tables are never read or written here.
struct WebhookInbox: Rules {
    let work: UnitOfWork
    var invoicing: Invoicing { Invoicing(work: work) }

    private static let secretsKey = "webhook_secrets"

    /// The endpoint's copy of the provider's secret set (see `PaymentsService.configureWebhookSecrets`).
    func webhookSecrets() async throws -> WebhookSecretSet? {
        guard let json = try await store.fetchOne(String.self, "SELECT value FROM meta WHERE key = ?", [Self.secretsKey])
        else { return nil }
        return try JSONDecoder().decode(WebhookSecretSet.self, from: Data(json.utf8))
    }

    func saveWebhookSecrets(_ secrets: WebhookSecretSet) async throws {
        let json = String(decoding: try JSONEncoder().encode(secrets), as: UTF8.self)
        try await store.execute("""
            INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [Self.secretsKey, json])
    }

    /// Applies `event` unless its `webhook-id` was seen before; the id is recorded in the same
    /// transaction as the effect, so a crash leaves both or neither.
    func applyWebhook(_ event: WebhookEvent, messageID: String) async throws -> WebhookReceipt {
        let seen = try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM processed_webhooks WHERE message_id = ?",
                                            [messageID]) ?? 0
        guard seen == 0 else { return .duplicate }
        let receipt = try await effect(of: event)
        let outcome = switch receipt {
        case .applied: "applied"
        case let .ignored(_, reason): "ignored: \(reason)"
        default: "unexpected"
        }
        try await store.execute("""
            INSERT INTO processed_webhooks(message_id, event_type, outcome, received_at) VALUES (?, ?, ?, ?)
            """, [messageID, event.type.rawValue, outcome, systemNow])
        return receipt
    }

    private func effect(of event: WebhookEvent) async throws -> WebhookReceipt {
        switch event.type {
        case .paymentSucceeded, .subscriptionActive:
            if let sessionID = event.data.checkoutSessionId {
                let confirmed = try await confirmCheckoutSession(sessionID, payment: event.data.paymentId,
                                                                 customer: event.data.customerId)
                guard confirmed else { return .ignored(event.type, reason: "payment is not a paid invoice of the customer") }
            }
            if event.type == .subscriptionActive { return try await mirrorSubscription(event, status: "active") }
            return .applied(event.type)
        case .subscriptionRenewed:
            return try await mirrorSubscription(event, status: "active")
        case .subscriptionOnHold:
            return try await mirrorSubscription(event, status: "on_hold")
        case .subscriptionCancelled:
            return try await mirrorSubscription(event, status: "cancelled")
        case .subscriptionExpired:
            return try await mirrorSubscription(event, status: "expired")
        case .paymentFailed, .paymentProcessing, .paymentCancelled, .subscriptionPlanChanged, .refundSucceeded:
            return .applied(event.type)
        }
    }

    /// Records the session confirmed only if the payment it names is a paid invoice of that
    /// customer in the store's own books: a success event for a payment the store never took
    /// changes nothing. The first confirmation's time stays.
    private func confirmCheckoutSession(_ id: String, payment: String?, customer: String?) async throws -> Bool {
        guard let payment, let customer else { return false }
        let invoice: InvoiceRecord
        do {
            invoice = try await invoicing.invoice(payment)
        } catch PaymentsError.invoiceNotFound {
            return false
        }
        guard invoice.accountID == customer, invoice.status == .paid else { return false }
        try await store.execute("""
            INSERT INTO checkout_confirmations(session_id, payment_id, confirmed_at) VALUES (?, ?, ?)
            ON CONFLICT(session_id) DO NOTHING
            """, [id, payment, systemNow])
        return true
    }

    /// When the provider's server confirmed the checkout session's payment, if it has.
    func confirmation(ofCheckoutSession id: String) async throws -> Date? {
        try await store.fetchOne(Int64.self, "SELECT confirmed_at FROM checkout_confirmations WHERE session_id = ?", [id])
            .map(Date.init(milliseconds:))
    }

    /// Out-of-order delivery is resolved by the event's own timestamp: an event older than the
    /// last one applied changes nothing, and a cancelled or expired subscription is final.
    private func mirrorSubscription(_ event: WebhookEvent, status: String) async throws -> WebhookReceipt {
        guard let id = event.data.subscriptionId else { return .ignored(event.type, reason: "no subscription id") }
        let at = try event.timestamp.milliseconds
        if let known = try await store.fetchOne(StoredRow.self, """
            SELECT status, event_at FROM provider_subscriptions WHERE subscription_id = ?
            """, [id]) {
            let knownAt: Int64 = try known.get("event_at")
            let knownStatus: String = try known.get("status")
            guard at >= knownAt else { return .ignored(event.type, reason: "older than the last applied event") }
            guard !Self.finalSubscriptionStatuses.contains(knownStatus) || status == knownStatus else {
                return .ignored(event.type, reason: "subscription is already \(knownStatus)")
            }
        }
        try await store.execute("""
            INSERT INTO provider_subscriptions(subscription_id, status, event_at) VALUES (?, ?, ?)
            ON CONFLICT(subscription_id) DO UPDATE SET status = excluded.status, event_at = excluded.event_at
            """, [id, status, at])
        return .applied(event.type)
    }

    private static let finalSubscriptionStatuses: Set<String> = ["cancelled", "expired"]

    func providerSubscriptionStatus(_ id: String) async throws -> String? {
        try await store.fetchOne(String.self, "SELECT status FROM provider_subscriptions WHERE subscription_id = ?", [id])
    }
}

/// What Kiosk's webhook endpoint did with one request.
public enum WebhookReceipt: Sendable, Hashable {
    /// Verified, new, and its effect applied.
    case applied(WebhookEventType)
    /// Verified, but this `webhook-id` was already processed: nothing changed.
    case duplicate
    /// Verified and recorded, but it changed nothing because it is older than what is known or
    /// would undo a final state (a late renewal after a cancellation).
    case ignored(WebhookEventType, reason: String)
    /// Failed verification (forged, stale, unsigned): nothing was read or changed.
    case rejected(String)
    /// Verified but not a valid event body.
    case malformed(String)
}
