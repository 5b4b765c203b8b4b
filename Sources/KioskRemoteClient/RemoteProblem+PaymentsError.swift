import KioskAPI
import PaymentsCore

extension RemoteProblem {
    /// The core's refusal this problem stands for, when it carries all of it: screens react to
    /// these by case (a declined card's advice, the missing card prompt), not only by message.
    var paymentsError: PaymentsError? {
        switch problem._type {
        case Self.typeBase + "card-declined":
            .cardDeclined(DeclineReason(code: problem.declineCode ?? "card_declined",
                                        message: problem.detail ?? problem.title))
        case Self.typeBase + "no-payment-method":
            .noPaymentMethod
        default:
            nil
        }
    }

    /// What every problem `type` of a Kiosk server starts with.
    static let typeBase = "https://kiosk.dev/problems/"
}
