import Foundation
import PaymentsCore

/// The sandbox's card processor, deciding as Stripe test mode does from the test card behind a
/// saved card: expired cards decline, 3-D Secure cards challenge on-session and either were set
/// up for renewals or decline them `authentication_required`, dispute and refund-failure cards
/// pay and then follow up.
public struct SimulatedCardProcessor: CardProcessor {
    private let key: CardFingerprintKeySource
    private let random: RandomSource

    /// - Parameters:
    ///   - fingerprintKey: the processor's secret for card fingerprints; keep one per store
    ///     (`CardFingerprintKeyFile`), since a new key gives every card a new fingerprint.
    ///   - random: where token ids come from.
    public init(fingerprintKey: CardFingerprintKey, random: RandomSource = RandomSource()) {
        key = CardFingerprintKeySource(key: fingerprintKey)
        self.random = random
    }

    /// The processor of a data directory, with the fingerprint key kept there: read, or made, when
    /// the first card is vaulted (see `CardFingerprintKeySource`).
    public init(directory: DataDirectory, random: RandomSource = RandomSource()) {
        key = CardFingerprintKeySource(file: CardFingerprintKeyFile(directory), random: random)
        self.random = random
    }

    /// Tokenizes at once, then saves the card unless its test number declines on attach. The
    /// reference handed back names what the test card does, in the merchant's vocabulary.
    public func vault(_ details: CardDetails, at now: Date) throws(CardVaultRefusal) -> VaultedCard {
        let tokenizer = try key.tokenizer()
        let tokenized = random.with { generator in
            Result { () throws(CardValidationErrors) in try tokenizer.tokenize(details, now: now, using: &generator) }
        }
        let token: CardToken
        switch tokenized {
        case let .success(made): token = made
        case let .failure(errors): throw .invalid(errors)
        }
        if let code = token.behaviour.declineOnAttach {
            throw .declined(code.reason)
        }
        let behaviour: ChargeBehaviour = switch token.behaviour {
        case .succeeds, .declines: .succeeds
        case let .succeedsThen(aftermath): .succeedsThen(aftermath)
        case let .attachesButChargesDecline(code): .declines(code.reason)
        case .requiresAuthenticationUnlessSetUp: .requiresAuthentication(offSessionSucceeds: true)
        case .alwaysRequiresAuthentication: .requiresAuthentication(offSessionSucceeds: false)
        case let .requiresAuthenticationThenDeclines(code): .requiresAuthenticationThenDeclines(code.reason)
        }
        return VaultedCard(id: token.id, brand: token.brand, last4: token.last4, fingerprint: token.fingerprint.value,
                           card: ProcessorCard(behaviour: behaviour, expMonth: token.expMonth, expYear: token.expYear))
    }

    public func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                       authenticated: Bool) -> CardChargeAnswer {
        switch CardExpiry(month: card.expMonth, year: card.expYear).problem(now: now) {
        case .yearInPast?, .monthInPast?: return .declined(DeclineCode.expiredCard.reason)
        default: break
        }
        switch card.behaviour {
        case .succeeds, .succeedsThen:
            return .paid
        case let .declines(reason):
            return .declined(reason)
        case let .requiresAuthentication(offSessionSucceeds):
            if offSession {
                return offSessionSucceeds ? .paid : .declined(DeclineReason(
                    code: "authentication_required",
                    message: "Your card requires authentication. Complete the payment on-session."))
            }
            return authenticated ? .paid : .needsAuthentication
        case let .requiresAuthenticationThenDeclines(reason):
            return offSession || authenticated ? .declined(reason) : .needsAuthentication
        }
    }

    public func aftermath(ofChargeOn card: ProcessorCard) -> ChargeAftermath? {
        guard case let .succeedsThen(aftermath) = card.behaviour, aftermath != .refundFails else { return nil }
        return aftermath
    }

    public func refundFails(on card: ProcessorCard) -> Bool {
        card.behaviour == .succeedsThen(.refundFails)
    }
}
