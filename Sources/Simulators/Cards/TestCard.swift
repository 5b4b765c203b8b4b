import PaymentsCore

/// One card of Stripe's testing page (docs.stripe.com/testing): what the number is and what
/// the simulated issuer does with it.
public struct TestCard: Sendable, Hashable {
    /// Digits only.
    public let number: String
    /// The page's name for the card: "Visa (debit)", "Brazil (BR)", "Insufficient funds decline".
    public let label: String
    public let brand: CardBrand
    /// The domestic network the card is co-branded with ("Cartes Bancaires", "eftpos
    /// Australia", "BCcard and DinaCard"), or nil.
    public let coBrand: String?
    /// ISO 3166-1 alpha-2: the country the page gives the card; cards listed without one carry
    /// the page's default billing country, US.
    public let country: String
    public let funding: CardFunding
    /// What happens when the card is saved and charged, before Radar's checks.
    public let behaviour: TestCardBehaviour
    public let riskLevel: RadarRiskLevel
    public let checks: TestCardChecks

    init(_ number: String, _ label: String, _ brand: CardBrand, coBrand: String? = nil, country: String = "US",
         funding: CardFunding = .credit, behaviour: TestCardBehaviour = .succeeds, risk: RadarRiskLevel = .normal,
         checks: TestCardChecks = .allPass) {
        self.number = number
        self.label = label
        self.brand = brand
        self.coBrand = coBrand
        self.country = country
        self.funding = funding
        self.behaviour = behaviour
        self.riskLevel = risk
        self.checks = checks
    }

    /// The behaviour a token of this card gets: Radar's default rules block a payment that
    /// fails the CVC check (the form always sends a CVC) or, when a postal code was entered,
    /// the postal-code check; otherwise the card's own behaviour.
    public func behaviour(postalCodeProvided: Bool) -> TestCardBehaviour {
        checks.blockingDecline(postalCodeProvided: postalCodeProvided).map(TestCardBehaviour.declines) ?? behaviour
    }
}

/// The risk level Stripe Radar gives a payment (`outcome.risk_level`).
///
/// Kiosk applies Radar's default rules: a payment of the highest risk level is blocked, an
/// elevated one goes through (only Radar for Fraud Teams would queue it for review).
public enum RadarRiskLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case normal
    case elevated
    case highest
}
