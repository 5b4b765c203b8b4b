import Foundation

/// A hosted-checkout provider as its page server, the terminal and QA see it: sessions, the card
/// form's charges, signed webhook deliveries and their QA controls. The sandbox's is
/// `SimulatedCheckoutProvider` (module Simulators); the store's webhook endpoint is
/// `PaymentsService.receiveWebhook`.
///
/// Randomness is injected per call: session ids must be unguessable in production
/// (`SystemRandomNumberGenerator`) yet reproducible in tests (`SeededGenerator`).
public protocol HostedCheckoutService: Sendable {
    // Sessions
    func createCheckoutSession(_ request: NewCheckoutSession,
                               using generator: inout some RandomNumberGenerator) async throws -> CheckoutSession
    /// The server-side truth about a session, at the account's "now".
    func checkoutSession(_ id: String) async throws -> CheckoutSession
    /// Hands the card form to the card processor's vault, then charges through the core.
    func payCheckoutSession(_ id: String, card: CardDetails) async throws -> CheckoutPaymentResult
    /// The customer's answer to the 3-D Secure challenge of the card waiting on the session.
    func answerChallenge(sessionID: String, outcome: ThreeDSecureOutcome) async throws -> CheckoutPaymentResult
    func cancelCheckoutSession(_ id: String) async throws -> CheckoutSession

    // Webhook secrets
    /// The data directory's secret set, generated on first use.
    func webhookSecrets(creatingWith generator: inout some RandomNumberGenerator) async throws -> WebhookSecretSet

    // Deliveries (the provider's outbox) and their QA controls
    func webhookDeliveries() async throws -> [WebhookDelivery]
    /// Sends every delivery due at `now`, signed at `now`, and schedules retries of failures.
    func deliverDueWebhooks(now: Date, transport: any WebhookTransport,
                            schedule: WebhookRetrySchedule) async throws -> [WebhookDeliveryAttempt]
    func delayWebhookDelivery(_ id: String, until date: Date) async throws -> WebhookDelivery
    func dropWebhookDelivery(_ id: String) async throws -> WebhookDelivery
    func duplicateWebhookDelivery(_ id: String) async throws -> WebhookDelivery
    func replayWebhookDelivery(_ id: String) async throws -> WebhookDelivery
    func reorderWebhookDeliveries(_ ids: [String]) async throws -> [WebhookDelivery]
}

/// Sends one signed webhook request to the receiver. The core stays free of networking: the
/// HTTP client lives with the servers, and tests may deliver in-process.
public protocol WebhookTransport: Sendable {
    /// Returns the HTTP status the receiver answered; throws when no answer came at all.
    func send(headers: WebhookHeaders, body: Data) async throws -> Int
}
