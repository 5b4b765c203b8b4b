/// Why a hosted-checkout operation was refused.
public enum HostedCheckoutError: Error, Sendable, Hashable, CustomStringConvertible {
    case sessionNotFound(String)
    case deliveryNotFound(String)
    /// The return or cancel URL (or the state) cannot be classified strictly.
    case invalidRedirectConfiguration(String)
    case invalidLifetime
    /// `completeChallenge` was called but no card is waiting for a 3-D Secure answer.
    case noChallengePending(String)
    /// Only a pending delivery can be delayed or dropped.
    case deliveryNotPending(String)
    /// Webhooks cannot be signed before the data directory has a secret set.
    case webhookSecretsMissing
    /// The idempotency key already opened this session, whose browser returns to another
    /// listener: the earlier checkout is the one to finish.
    case checkoutAlreadyStarted(sessionID: String)

    public var description: String {
        switch self {
        case let .sessionNotFound(id): "No checkout session \(id)."
        case let .deliveryNotFound(id): "No webhook delivery \(id)."
        case let .invalidRedirectConfiguration(reason): "Invalid redirect configuration: \(reason)"
        case .invalidLifetime: "A checkout session must live for a positive number of seconds."
        case let .noChallengePending(id): "Checkout session \(id) has no 3-D Secure challenge waiting."
        case let .deliveryNotPending(id): "Webhook delivery \(id) is no longer pending."
        case .webhookSecretsMissing: "The data directory has no webhook secret yet."
        case let .checkoutAlreadyStarted(id):
            "This idempotency key already started checkout session \(id); finish or cancel that checkout."
        }
    }
}
