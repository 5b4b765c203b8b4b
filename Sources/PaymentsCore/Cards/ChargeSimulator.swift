/// The simulated issuer: decides a charge from the card's test behaviour, as Stripe test mode
/// does. Pure: the outcome depends only on the arguments, and ids only on `generator`.
///
/// 3-D Secure follows Stripe's documentation of its test cards: 4000002500003155 must be
/// authenticated for on-session payments, but once a payment on it has been authenticated the
/// card is set up and off-session renewals succeed without a challenge. Kiosk only charges
/// renewals on a card whose first payment succeeded, so `offSessionRenewal` means "set up" and
/// succeeds. 4000002760003184 needs authentication every time, so its renewals are declined
/// `authentication_required`, which brings the customer back on-session. 4000008400001629 and
/// 4000008260003178 ask for the challenge and then decline anyway.
public enum ChargeSimulator {
    /// Attempts a charge of `amount` on a card with `behaviour`.
    ///
    /// - Parameter challengeOutcome: the customer's answer to the 3-D Secure challenge, after a
    ///   previous attempt returned `.requiresAction(.threeDSecure)`; nil before any challenge.
    ///   Ignored for cards that need no challenge and for off-session renewals, where nobody is
    ///   present to answer one.
    /// - Returns: the outcome; `generator` advances only when a charge succeeds.
    /// - Throws: `ChargeSimulatorError.nonPositiveAmount` for a zero or negative amount.
    ///   Stripe's test cards behave the same for every positive amount.
    public static func charge(
        behaviour: TestCardBehaviour,
        amount: Money,
        context: ChargeContext,
        challengeOutcome: ThreeDSecureOutcome? = nil,
        using generator: inout some RandomNumberGenerator
    ) throws(ChargeSimulatorError) -> ChargeOutcome {
        guard amount.minorUnits > 0 else { throw .nonPositiveAmount(amount) }
        switch (behaviour, context) {
        case (.succeeds, _), (.succeedsThen, _), (.requiresAuthenticationUnlessSetUp, .offSessionRenewal):
            return succeeded(using: &generator)
        case let (.declines(code), _), let (.attachesButChargesDecline(code), _):
            return .declined(code)
        case (.alwaysRequiresAuthentication, .offSessionRenewal):
            return .declined(.authenticationRequired)
        case let (.requiresAuthenticationThenDeclines(code), .offSessionRenewal):
            return .declined(code)
        case let (.requiresAuthenticationThenDeclines(code), .firstPaymentOnSession):
            switch challengeOutcome {
            case nil: return .requiresAction(.threeDSecure)
            case .approved: return .declined(code)
            case .failed: return .declined(.authenticationFailed)
            }
        case (.requiresAuthenticationUnlessSetUp, .firstPaymentOnSession),
             (.alwaysRequiresAuthentication, .firstPaymentOnSession):
            switch challengeOutcome {
            case nil: return .requiresAction(.threeDSecure)
            case .approved: return succeeded(using: &generator)
            case .failed: return .declined(.authenticationFailed)
            }
        }
    }

    private static func succeeded(using generator: inout some RandomNumberGenerator) -> ChargeOutcome {
        .succeeded(chargeID: StripeStyleIdentifier.make(prefix: "ch_", using: &generator))
    }
}
