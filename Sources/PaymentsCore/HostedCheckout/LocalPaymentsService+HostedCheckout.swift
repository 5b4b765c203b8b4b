import Foundation
import GRDB

extension LocalPaymentsService: HostedCheckoutService {
    public func createCheckoutSession(_ request: NewCheckoutSession,
                                      using generator: inout some RandomNumberGenerator) async throws -> CheckoutSession {
        let id = StripeStyleIdentifier.make(prefix: "cks_", using: &generator)
        return try await write { try $0.checkoutSessions.createCheckoutSession(request, id: id) }
    }

    public func checkoutSession(_ id: String) async throws -> CheckoutSession {
        try await read { try $0.checkoutSessions.checkoutSession($0.checkoutSessions.checkoutSessionRow(id)) }
    }

    public func payCheckoutSession(_ id: String, card: CardDetails) async throws -> CheckoutPaymentResult {
        let session = try await checkoutSession(id)
        let now = try await self.now(for: session.accountID)
        let vaulted: VaultedCard
        do {
            vaulted = try cardProcessor.vault(card, at: now)
        } catch let .invalid(errors) {
            return .invalidCard(session, errors)
        } catch let .declined(reason) {
            return try await providerWrite { try $0.checkoutSessions.refuseCard(sessionID: id, reason: reason) }
        }
        return try await providerWrite { try $0.checkoutSessions.payCheckoutSession(id, card: vaulted) }
    }

    public func answerChallenge(sessionID: String, outcome: ThreeDSecureOutcome) async throws -> CheckoutPaymentResult {
        try await providerWrite { try $0.checkoutSessions.answerChallenge(sessionID: sessionID, outcome: outcome) }
    }

    public func cancelCheckoutSession(_ id: String) async throws -> CheckoutSession {
        try await providerWrite { try $0.checkoutSessions.cancelCheckoutSession(id) }
    }

    public func webhookSecrets(creatingWith generator: inout some RandomNumberGenerator) async throws -> WebhookSecretSet {
        let candidate = WebhookSecretSet.generate(using: &generator)
        return try await write { work in
            if let existing = try work.webhookOutbox.webhookSecrets() { return existing }
            try work.webhookOutbox.saveWebhookSecrets(candidate)
            return candidate
        }
    }

    public func rotateWebhookSecret(using generator: inout some RandomNumberGenerator) async throws -> WebhookSecretSet {
        let fresh = WebhookSecret.generate(using: &generator)
        let initial = WebhookSecretSet.generate(using: &generator)
        return try await write { work in
            var secrets = try work.webhookOutbox.webhookSecrets() ?? initial
            secrets.rotate(to: fresh, at: work.systemNow)
            try work.webhookOutbox.saveWebhookSecrets(secrets)
            return secrets
        }
    }

    /// Every delivery so far, after the provider catches up with the store's events: a write on
    /// behalf of a read, which runs no due work.
    public func webhookDeliveries() async throws -> [WebhookDelivery] {
        try await writeWithoutDueWork { work in
            try work.providerEventFeed.collect()
            return try work.webhookOutbox.webhookDeliveries()
        }
    }

    /// Each attempt is recorded in its own transaction after the request returns, so a slow
    /// receiver never holds the database's write lock.
    public func deliverDueWebhooks(now: Date, transport: any WebhookTransport,
                                   schedule: WebhookRetrySchedule = .dodoPayments) async throws -> [WebhookDeliveryAttempt] {
        let (secrets, due) = try await providerWrite { work in
            (try work.webhookOutbox.webhookSecrets(), try work.webhookOutbox.dueWebhookDeliveries(at: now))
        }
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
            let answered = status
            let reason = failure
            if let attempt = try await write({ work in
                try work.webhookOutbox.recordAttempt(delivery.id, httpStatus: answered, error: reason, now: now, schedule: schedule)
            }) {
                attempts.append(attempt)
            }
        }
        return attempts
    }

    public func delayWebhookDelivery(_ id: String, until date: Date) async throws -> WebhookDelivery {
        try await providerWrite { try $0.webhookOutbox.delayWebhookDelivery(id, until: date) }
    }

    public func dropWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await providerWrite { try $0.webhookOutbox.dropWebhookDelivery(id) }
    }

    public func duplicateWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await providerWrite { try $0.webhookOutbox.duplicateWebhookDelivery(id) }
    }

    public func replayWebhookDelivery(_ id: String) async throws -> WebhookDelivery {
        try await providerWrite { try $0.webhookOutbox.replayWebhookDelivery(id) }
    }

    public func reorderWebhookDeliveries(_ ids: [String]) async throws -> [WebhookDelivery] {
        try await providerWrite { try $0.webhookOutbox.reorderWebhookDeliveries(ids) }
    }

    public func receiveWebhook(httpHeaders: [String: String], body: Data) async throws -> WebhookReceipt {
        let now = clock.now
        guard let secrets = try await write({ try $0.webhookOutbox.webhookSecrets() }) else {
            return .rejected(HostedCheckoutError.webhookSecretsMissing.description)
        }
        let headers: WebhookHeaders
        do {
            headers = try WebhookHeaders(httpHeaders: httpHeaders)
            try WebhookVerifier(secrets: secrets).verify(headers, body: body, now: now)
        } catch {
            return .rejected(error.description)
        }
        let event: WebhookEvent
        do {
            event = try WebhookEvent(jsonBody: body)
        } catch {
            return .malformed(error.description)
        }
        return try await write { try $0.webhookInbox.applyWebhook(event, messageID: headers.id) }
    }

    public func providerSubscriptionStatus(_ subscriptionID: String) async throws -> String? {
        try await read { try $0.webhookInbox.providerSubscriptionStatus(subscriptionID) }
    }

    /// A change on the provider's side, which first catches up with what the store's events say
    /// (see `ProviderEventFeed`), so its webhooks go out in the order things happened.
    private func providerWrite<T: Sendable>(_ body: @escaping @Sendable (UnitOfWork) throws -> T) async throws -> T {
        try await write { work in
            try work.providerEventFeed.collect()
            return try body(work)
        }
    }
}
