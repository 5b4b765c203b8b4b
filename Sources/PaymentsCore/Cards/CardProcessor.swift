import Foundation

/// The merchant's side of its card processor. Card details go to the processor's vault and come
/// back as a reference (the number and security code go no further); asked to charge a saved
/// card it answers paid, declined or "needs 3-D Secure"; asked about a charge already paid, or a
/// refund, it says what followed. The merchant's rules never decide from a card's test
/// behaviour themselves: the sandbox's simulated processor (module `Simulators`) does, as
/// Stripe test mode decides from the test card used.
public protocol CardProcessor: Sendable {
    /// Validates and saves card details at `now`, as Stripe's card element and
    /// `PaymentMethod.attach` do: every field problem at once, or the issuer's refusal to save.
    func vault(_ details: CardDetails, at now: Date) throws(CardVaultRefusal) -> VaultedCard
    func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                authenticated: Bool) -> CardChargeAnswer
    /// What the processor raises after a paid charge on the card (disputes, a fraud warning).
    func aftermath(ofChargeOn card: ProcessorCard) -> ChargeAftermath?
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

/// What the processor's vault hands back for card details: its reference and what a receipt
/// may show.
public struct VaultedCard: Hashable, Sendable {
    /// The processor's token id ("tok_…").
    public var id: String
    public var brand: CardBrand
    public var last4: String
    /// The processor's keyed fingerprint: two vaultings of one card number share it.
    public var fingerprint: String
    public var card: ProcessorCard

    public init(id: String, brand: CardBrand, last4: String, fingerprint: String, card: ProcessorCard) {
        self.id = id
        self.brand = brand
        self.last4 = last4
        self.fingerprint = fingerprint
        self.card = card
    }
}

/// Why the vault would not save card details.
public enum CardVaultRefusal: Error, Hashable, Sendable {
    /// A field is missing or wrong (number, expiry, security code, postal code).
    case invalid(CardValidationErrors)
    /// The issuer refuses the card outright (Stripe's attach-time declines).
    case declined(DeclineReason)
    /// The processor cannot vault now (its own key cannot be read): what and where, in a
    /// sentence. Nothing was saved; the card may be tried again once that is mended.
    case processorUnavailable(String)
}

public enum CardChargeAnswer: Hashable, Sendable {
    case paid
    case declined(DeclineReason)
    /// On-session only: the customer must pass a 3-D Secure challenge first.
    case needsAuthentication
}
