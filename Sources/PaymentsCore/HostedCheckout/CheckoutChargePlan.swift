/// What charging a tokenized card at the hosted checkout comes to, from the simulated issuer's
/// behaviour and the customer's answer to a 3-D Secure challenge.
enum CheckoutChargePlan: Equatable {
    /// Save the card and charge it with this behaviour through the core.
    case charge(ChargeBehaviour)
    /// Refuse without saving the card (the issuer declines attaching it).
    case decline(DeclineCode)
    /// Ask the customer to authenticate first.
    case challenge

    init(behaviour: TestCardBehaviour, challengeOutcome: ThreeDSecureOutcome?) {
        switch (behaviour, challengeOutcome) {
        case (.succeeds, _):
            self = .charge(.succeeds)
        case let (.succeedsThen(aftermath), _):
            self = .charge(.succeedsThen(aftermath))
        case let (.declines(code), _):
            self = .decline(code)
        case let (.attachesButChargesDecline(code), _):
            self = .charge(.declines(DeclineReason(code: code.rawValue, message: code.message)))
        case (.requiresAuthenticationUnlessSetUp, nil), (.alwaysRequiresAuthentication, nil),
             (.requiresAuthenticationThenDeclines, nil):
            self = .challenge
        case (.requiresAuthenticationUnlessSetUp, .approved), (.alwaysRequiresAuthentication, .approved):
            self = .charge(.succeeds)
        case let (.requiresAuthenticationThenDeclines(code), .approved):
            self = .decline(code)
        case (.requiresAuthenticationUnlessSetUp, .failed), (.alwaysRequiresAuthentication, .failed),
             (.requiresAuthenticationThenDeclines, .failed):
            self = .decline(.authenticationFailed)
        }
    }
}
