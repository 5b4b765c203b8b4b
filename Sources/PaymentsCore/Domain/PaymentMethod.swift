import Foundation

/// A saved, tokenized payment method. Only what a receipt may show is kept: brand, last four,
/// expiry and the token; the simulated issuer's behaviour travels with the token.
public struct PaymentMethod: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var accountID: String
    public var token: String
    public var brand: String
    public var last4: String
    public var expMonth: Int
    public var expYear: Int
    public var isDefault: Bool
    public var behaviour: ChargeBehaviour
    public var createdAt: Date

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, accountID: String, token: String, brand: String, last4: String, expMonth: Int,
                expYear: Int, isDefault: Bool, behaviour: ChargeBehaviour, createdAt: Date) {
        self.id = id
        self.accountID = accountID
        self.token = token
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.isDefault = isDefault
        self.behaviour = behaviour
        self.createdAt = createdAt
    }

    public var summary: PaymentMethodSummary { PaymentMethodSummary(brand: brand, last4: last4) }
}

/// What the simulated issuer does when this method is charged.
public enum ChargeBehaviour: Hashable, Sendable, Codable {
    case succeeds
    /// Every charge succeeds, then is disputed, or its refund later fails (Stripe's dispute and
    /// refund test cards).
    case succeedsThen(ChargeAftermath)
    /// Every charge is declined with this code (a test card such as insufficient funds).
    case declines(DeclineReason)
    /// On-session charges need a 3-D Secure challenge; off-session ones (renewals) succeed only
    /// when the card was set up for them.
    case requiresAuthentication(offSessionSucceeds: Bool)
    /// Every charge needs a 3-D Secure challenge on-session and is declined with this reason
    /// once authenticated, and off-session as well.
    case requiresAuthenticationThenDeclines(DeclineReason)
}

/// A declined charge: Stripe's decline code and the message a customer may see.
public struct DeclineReason: Hashable, Sendable, Codable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public static let generic = DeclineReason(code: "generic_decline", message: "Your card was declined.")
}

/// What `addPaymentMethod` needs: an already tokenized card.
public struct NewPaymentMethod: Hashable, Sendable, Codable {
    public var token: String
    public var brand: String
    public var last4: String
    public var expMonth: Int
    public var expYear: Int
    public var behaviour: ChargeBehaviour
    public var makeDefault: Bool
    /// The card number's keyed fingerprint, when it came through the tokenizer: the same card
    /// typed again returns the method already saved instead of a second one.
    public var fingerprint: String?

    public init(token: String, brand: String, last4: String, expMonth: Int, expYear: Int,
                behaviour: ChargeBehaviour = .succeeds, makeDefault: Bool = true, fingerprint: String? = nil) {
        self.fingerprint = fingerprint
        self.token = token
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.behaviour = behaviour
        self.makeDefault = makeDefault
    }

    /// The card the processor's vault handed back, remembered by its fingerprint.
    public init(vaulted: VaultedCard, makeDefault: Bool) {
        self.init(token: vaulted.id, brand: vaulted.brand.displayName, last4: vaulted.last4,
                  expMonth: vaulted.card.expMonth, expYear: vaulted.card.expYear, behaviour: vaulted.card.behaviour,
                  makeDefault: makeDefault, fingerprint: vaulted.fingerprint)
    }
}
