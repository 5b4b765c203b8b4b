import Foundation

/// The merchant's side of its card processor: asked to charge a saved card it answers paid,
/// declined or "needs 3-D Secure"; asked about a charge already paid, or a refund, it says what
/// followed. The merchant's rules never decide from a card's test behaviour themselves: the
/// sandbox's `SimulatedCardProcessor` does, as Stripe test mode decides from the test card used.
public protocol CardProcessor: Sendable {
    func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                authenticated: Bool) -> CardChargeAnswer
    /// What the processor raises after a paid charge on the card (disputes, a fraud warning).
    func aftermath(ofChargeOn card: ProcessorCard) -> TestCardAftermath?
    /// Whether a refund to the card fails after it was accepted.
    func refundFails(on card: ProcessorCard) -> Bool
}

/// A saved card as the processor knows it: the reference it issued (in test mode that reference
/// names the test card's behaviour, as Stripe's `pm_card_chargeDeclined` does) and its expiry.
public struct ProcessorCard: Hashable, Sendable {
    public var behaviour: ChargeBehaviour
    public var expMonth: Int
    public var expYear: Int

    public init(behaviour: ChargeBehaviour, expMonth: Int, expYear: Int) {
        self.behaviour = behaviour
        self.expMonth = expMonth
        self.expYear = expYear
    }
}

public enum CardChargeAnswer: Hashable, Sendable {
    case paid
    case declined(DeclineReason)
    /// On-session only: the customer must pass a 3-D Secure challenge first.
    case needsAuthentication
}
