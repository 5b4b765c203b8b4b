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
        case Self.typeBase + "invalid-offer-code":
            problem.offerCode.map { code in
                .invalidOfferCode(code: code, reason: problem.offerCodeRejection.map(PaymentsError.OfferCodeRejection.init) ?? .unknown)
            }
        default:
            nil
        }
    }

    /// What every problem `type` of a Kiosk server starts with.
    static let typeBase = "https://kiosk.dev/problems/"
}

extension PaymentsError.OfferCodeRejection {
    init(_ rejection: Components.Schemas.Problem.OfferCodeRejectionPayload) {
        switch rejection {
        case .unknown: self = .unknown
        case .expired: self = .expired
        case .notApplicable: self = .notApplicable
        case .alreadyRedeemed: self = .alreadyRedeemed
        }
    }
}

extension RemoteProblem {
    /// The problem details of a `default` answer; every operation of the contract shares it.
    init(status: Int, answer: Components.Responses.Problem) throws {
        self.init(status: status, problem: try answer.body.applicationProblemJson)
    }
}
