/// How one submission of the hosted checkout's card form ended.
public enum CheckoutPaymentResult: Sendable, Hashable {
    /// Charged (or charged earlier: a repeated submit returns the first payment).
    case paid(CheckoutSession)
    /// The issuer refused; the session stays open for another card.
    case declined(CheckoutSession, message: String)
    /// The card needs a 3-D Secure challenge before it can be charged.
    case requiresAction(CheckoutSession)
    /// The form had problems; nothing was charged.
    case invalidCard(CheckoutSession, CardValidationErrors)
    /// The session expired or was cancelled; nothing was charged.
    case expired(CheckoutSession)

    public var session: CheckoutSession {
        switch self {
        case let .paid(session), let .declined(session, _), let .requiresAction(session),
             let .invalidCard(session, _), let .expired(session):
            session
        }
    }
}
