import Foundation

/// The sandbox's card processor, deciding as Stripe test mode does from the test card behind a
/// saved card: expired cards decline, 3-D Secure cards challenge on-session and either were set
/// up for renewals or decline them `authentication_required`, dispute and refund-failure cards
/// pay and then follow up.
public struct SimulatedCardProcessor: CardProcessor {
    public init() {}

    public func charge(_ card: ProcessorCard, amount: Money, at now: Date, offSession: Bool,
                       authenticated: Bool) -> CardChargeAnswer {
        let components = ISODuration.utc.dateComponents([.year, .month], from: now)
        if let year = components.year, let month = components.month,
           card.expYear < year || (card.expYear == year && card.expMonth < month) {
            return .declined(DeclineReason(code: "expired_card", message: "Your card has expired."))
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

    public func aftermath(ofChargeOn card: ProcessorCard) -> TestCardAftermath? {
        guard case let .succeedsThen(aftermath) = card.behaviour, aftermath != .refundFails else { return nil }
        return aftermath
    }

    public func refundFails(on card: ProcessorCard) -> Bool {
        card.behaviour == .succeedsThen(.refundFails)
    }
}
