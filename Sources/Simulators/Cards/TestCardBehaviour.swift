import PaymentsCore

/// What the simulated issuer does with a card, fixed when the card is tokenized.
///
/// Mirrors Stripe test mode: the number chooses the outcome (see `TestCardTable`), and the
/// behaviour travels with the token because the number itself is never kept.
public enum TestCardBehaviour: Sendable, Hashable, Codable {
    /// Every charge succeeds.
    case succeeds
    /// Every charge succeeds, and then a dispute, warning or failing refund follows.
    case succeedsThen(ChargeAftermath)
    /// The issuer refuses the card outright: saving it to a customer fails, and so does every
    /// charge.
    case declines(DeclineCode)
    /// Saving the card succeeds but every charge is declined, so a subscription starts on it and
    /// later renewals fail (Stripe's 4000000000000341).
    case attachesButChargesDecline(DeclineCode)
    /// On-session payments need a 3-D Secure challenge; once a payment has been authenticated,
    /// off-session renewals go through without one (Stripe's 4000002500003155).
    case requiresAuthenticationUnlessSetUp
    /// Every payment needs a 3-D Secure challenge, so off-session renewals are declined with
    /// `authentication_required` (Stripe's 4000002760003184).
    case alwaysRequiresAuthentication
    /// Every payment needs a 3-D Secure challenge and is then declined with this code all the
    /// same; off-session renewals are declined with it too (Stripe's 4000008400001629 with
    /// `generic_decline`, 4000008260003178 with `insufficient_funds`).
    case requiresAuthenticationThenDeclines(DeclineCode)

    /// The decline raised when the card is saved to a customer, or nil when saving succeeds.
    public var declineOnAttach: DeclineCode? {
        if case let .declines(code) = self { return code }
        return nil
    }
}
