import Foundation
import GRDB
import PaymentsCore

/// The provider's side of webhooks inside one of its transactions: its secret set, the outbox of
/// deliveries and the QA controls that bend delivery (delay, drop, duplicate, reorder, replay).
struct ProviderOutbox {
    let db: Database
    /// The provider's clock reading for this transaction: when a message is due and created.
    let now: Date

    static let businessID = "bus_kiosk"
    private static let secretsKey = "webhook_secrets"

    func webhookSecrets() throws -> WebhookSecretSet? {
        guard let json = try String.fetchOne(db, sql: "SELECT value FROM provider_state WHERE key = ?",
                                             arguments: [Self.secretsKey])
        else { return nil }
        return try JSONDecoder().decode(WebhookSecretSet.self, from: Data(json.utf8))
    }

    func saveWebhookSecrets(_ secrets: WebhookSecretSet) throws {
        let json = String(decoding: try JSONEncoder().encode(secrets), as: UTF8.self)
        try db.execute(sql: """
            INSERT INTO provider_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, arguments: [Self.secretsKey, json])
    }

    /// Queues one message about `session`, sent as soon as the pump runs.
    func enqueue(_ type: WebhookEventType, for session: CheckoutSessionRow, amount: Money?, at time: Date,
                 nextBillingDate: Date? = nil) throws {
        let status: String = switch type {
        case .paymentSucceeded: "succeeded"
        case .paymentFailed: "failed"
        case .paymentCancelled: "cancelled"
        case .subscriptionActive: "active"
        default: type.rawValue
        }
        let event = WebhookEvent(businessId: Self.businessID, type: type, timestamp: time, data: WebhookEventData(
            payloadType: type.payloadType, paymentId: session.paymentID, subscriptionId: session.subscriptionID,
            checkoutSessionId: session.id, customerId: session.accountID, productId: session.productID, status: status,
            totalAmount: amount?.minorUnits, currency: amount?.currency.code, createdAt: time,
            nextBillingDate: nextBillingDate))
        try insertDelivery(messageID: try nextID("msg"), type: event.type, body: try event.jsonBody(), due: now)
    }

    /// "msg_000042": the provider's own numbering, advanced inside its write transaction.
    private func nextID(_ prefix: String) throws -> String {
        let number = try Int64.fetchOne(db.cachedStatement(sql: """
            INSERT INTO provider_sequences(name, value) VALUES (?, 1)
            ON CONFLICT(name) DO UPDATE SET value = provider_sequences.value + 1 RETURNING value
            """), arguments: [prefix]) ?? 0
        return SequentialIdentifier.make(prefix, number: number)
    }

    @discardableResult
    private func insertDelivery(messageID: String, type: WebhookEventType, body: Data, due: Date) throws -> String {
        let id = try nextID("whd")
        let ordinal = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(ordinal), 0) + 1 FROM webhook_deliveries") ?? 1
        try db.execute(sql: """
            INSERT INTO webhook_deliveries(id, message_id, event_type, body, status, attempts, first_attempt_at,
                next_attempt_at, ordinal, created_at)
            VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)
            """, arguments: [id, messageID, type.rawValue, String(decoding: body, as: UTF8.self), due.milliseconds,
                             due.milliseconds, ordinal, now.milliseconds])
        return id
    }

    func delivery(_ id: String) throws -> WebhookDelivery {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM webhook_deliveries WHERE id = ?", arguments: [id]) else {
            throw HostedCheckoutError.deliveryNotFound(id)
        }
        return try Self.delivery(row)
    }

    /// Every delivery, in the order the pump would send them.
    func deliveries() throws -> [WebhookDelivery] {
        try Row.fetchAll(db, sql: "SELECT * FROM webhook_deliveries ORDER BY ordinal").map(Self.delivery)
    }

    func dueDeliveries(at time: Date) throws -> [WebhookDelivery] {
        try Row.fetchAll(db, sql: """
            SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY ordinal
            """, arguments: [time.milliseconds]).map(Self.delivery)
    }

    /// Records one attempt's result; a delivery changed meanwhile by a QA control is left alone.
    func recordAttempt(_ id: String, httpStatus: Int?, error: String?, at time: Date,
                       schedule: WebhookRetrySchedule) throws -> WebhookDeliveryAttempt? {
        let delivery = try delivery(id)
        guard delivery.status == .pending else { return nil }
        let attempt = delivery.attempts + 1
        let delivered = httpStatus.map { (200..<300).contains($0) } ?? false
        var status = WebhookDeliveryStatus.delivered
        var next: Date?
        if !delivered {
            switch try schedule.decision(afterFailedAttempt: attempt, firstAttemptAt: delivery.firstAttemptAt) {
            case let .retry(_, at):
                status = .pending
                next = max(at, time)
            case .giveUp:
                status = .failed
            }
        }
        let failure = delivered ? nil : (error ?? httpStatus.map { "HTTP \($0)" })
        try db.execute(sql: """
            UPDATE webhook_deliveries SET attempts = ?, status = ?, next_attempt_at = COALESCE(?, next_attempt_at),
                last_error = ?, delivered_at = ? WHERE id = ?
            """, arguments: [attempt, status.rawValue, next?.milliseconds, failure,
                             delivered ? time.milliseconds : nil, id])
        return WebhookDeliveryAttempt(deliveryID: id, messageID: delivery.messageID, eventType: delivery.eventType,
                                      attempt: attempt, httpStatus: httpStatus, delivered: delivered,
                                      statusAfter: status, nextAttemptAt: next)
    }

    // MARK: QA controls

    func delay(_ id: String, until date: Date) throws -> WebhookDelivery {
        guard try delivery(id).status == .pending else { throw HostedCheckoutError.deliveryNotPending(id) }
        try db.execute(sql: "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?",
                       arguments: [date.milliseconds, id])
        return try delivery(id)
    }

    func drop(_ id: String) throws -> WebhookDelivery {
        guard try delivery(id).status == .pending else { throw HostedCheckoutError.deliveryNotPending(id) }
        try db.execute(sql: "UPDATE webhook_deliveries SET status = 'dropped' WHERE id = ?", arguments: [id])
        return try delivery(id)
    }

    /// Another delivery of the same message (same `webhook-id` and body), due with the original.
    func duplicate(_ id: String) throws -> WebhookDelivery {
        let original = try delivery(id)
        let due = original.status == .pending ? original.nextAttemptAt : now
        return try delivery(insertDelivery(messageID: original.messageID, type: original.eventType,
                                           body: original.body, due: due))
    }

    /// Sends the message again now, whatever became of the original delivery.
    func replay(_ id: String) throws -> WebhookDelivery {
        let original = try delivery(id)
        return try delivery(insertDelivery(messageID: original.messageID, type: original.eventType,
                                           body: original.body, due: now))
    }

    /// Sends the given deliveries in the given order, by handing them their own send slots
    /// (the slots they held, sorted) in the new order.
    func reorder(_ ids: [String]) throws -> [WebhookDelivery] {
        var ordinals: [Int64] = []
        for id in ids {
            _ = try delivery(id)
            ordinals.append(try Int64.fetchOne(db, sql: "SELECT ordinal FROM webhook_deliveries WHERE id = ?",
                                               arguments: [id]) ?? 0)
        }
        for (id, ordinal) in zip(ids, ordinals.sorted()) {
            try db.execute(sql: "UPDATE webhook_deliveries SET ordinal = ? WHERE id = ?", arguments: [ordinal, id])
        }
        return try ids.map(delivery)
    }

    private static func delivery(_ row: Row) throws -> WebhookDelivery {
        let id: String = row["id"]
        let typeText: String = row["event_type"]
        let statusText: String = row["status"]
        guard let type = WebhookEventType(rawValue: typeText), let status = WebhookDeliveryStatus(rawValue: statusText)
        else { throw PaymentsError.storage("webhook delivery \(id) has an unknown type or status") }
        let body: String = row["body"]
        return WebhookDelivery(
            id: id, messageID: row["message_id"], eventType: type, body: Data(body.utf8), status: status,
            attempts: row["attempts"], firstAttemptAt: Date(milliseconds: row["first_attempt_at"]),
            nextAttemptAt: Date(milliseconds: row["next_attempt_at"]), lastError: row["last_error"],
            deliveredAt: (row["delivered_at"] as Int64?).map(Date.init(milliseconds:)))
    }
}
