import Foundation
import GRDB
import PaymentsCore

extension SimulatedCheckoutProvider {
    // MARK: Secrets

    /// The provider's secret set, generated on first use. The store's endpoint is given the same
    /// set each time, as a merchant pastes the secret its provider's dashboard shows.
    public func webhookSecrets(creatingWith generator: inout some RandomNumberGenerator) async throws -> WebhookSecretSet {
        let candidate = WebhookSecretSet.generate(using: &generator)
        let now = systemNow
        let secrets = try await database.write { db in
            let outbox = ProviderOutbox(db: db, now: now)
            if let existing = try outbox.webhookSecrets() { return existing }
            try outbox.saveWebhookSecrets(candidate)
            return candidate
        }
        try await merchant.configureWebhookSecrets(secrets)
        return secrets
    }

    // MARK: Deliveries

    /// Every delivery so far, after catching up with the store's change feed.
    public func webhookDeliveries() async throws -> [WebhookDelivery] {
        try await feed.collect()
        return try await outbox { try $0.deliveries() }
    }

    /// Sends every delivery due at `now`, signed at `now`. Each attempt is recorded in its own
    /// transaction after the request returns, so a slow receiver never holds the write lock.
    public func deliverDueWebhooks(now: Date, transport: any WebhookTransport,
                                   schedule: WebhookRetrySchedule = .dodoPayments) async throws -> [WebhookDeliveryAttempt] {
        try await feed.collect()
        let (secrets, due) = try await outbox { (try $0.webhookSecrets(), try $0.dueDeliveries(at: now)) }
        guard !due.isEmpty else { return [] }
        guard let secrets else { throw HostedCheckoutError.webhookSecretsMissing }
        let signer = WebhookSigner(secrets: secrets)
        var attempts: [WebhookDeliveryAttempt] = []
        for delivery in due {
            let headers = signer.headers(id: delivery.messageID, timestamp: Int64(now.timeIntervalSince1970.rounded(.down)),
                                         body: delivery.body)
            var status: Int?
            var failure: String?
            do {
                status = try await transport.send(headers: headers, body: delivery.body)
            } catch {
                failure = String(describing: error)
            }
            let (answered, reason) = (status, failure)
            if let attempt = try await outbox({
                try $0.recordAttempt(delivery.id, httpStatus: answered, error: reason, at: now, schedule: schedule)
            }) {
                attempts.append(attempt)
            }
        }
        observers.current.webhookAttempted(attempts)
        return attempts
    }

    public func delayWebhookDelivery(_ id: String, until date: Date) async throws -> WebhookDelivery {
        try await feed.collect()
        return try await outbox { try $0.delay(id, until: date) }
    }

    public func dropWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await feed.collect()
        return try await outbox { try $0.drop(id) }
    }

    public func duplicateWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await feed.collect()
        return try await outbox { try $0.duplicate(id) }
    }

    public func replayWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await feed.collect()
        return try await outbox { try $0.replay(id) }
    }

    public func reorderWebhookDeliveries(_ ids: [String]) async throws -> [WebhookDelivery] {
        try await feed.collect()
        return try await outbox { try $0.reorder(ids) }
    }

    /// One write transaction over the provider's outbox.
    private func outbox<T: Sendable>(_ body: @escaping @Sendable (ProviderOutbox) throws -> T) async throws -> T {
        let now = systemNow
        return try await database.write { try body(ProviderOutbox(db: $0, now: now)) }
    }
}
