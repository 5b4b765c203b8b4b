import Foundation

extension LocalPaymentsService {
    public func configureWebhookSecrets(_ secrets: WebhookSecretSet) async throws {
        try await writeWithoutDueWork { try await $0.webhookInbox.saveWebhookSecrets(secrets) }
    }

    public func receiveWebhook(httpHeaders: [String: String], body: Data) async throws -> WebhookReceipt {
        let now = clock.now
        guard let secrets = try await read({ try await $0.webhookInbox.webhookSecrets() }) else {
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
        return try await write { try await $0.webhookInbox.applyWebhook(event, messageID: headers.id) }
    }

    public func providerSubscriptionStatus(_ subscriptionID: String) async throws -> String? {
        try await read { try await $0.webhookInbox.providerSubscriptionStatus(subscriptionID) }
    }

    public func checkoutConfirmation(sessionID: String) async throws -> Date? {
        try await read { try await $0.webhookInbox.confirmation(ofCheckoutSession: sessionID) }
    }
}
