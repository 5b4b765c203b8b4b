import HTTPTypes
import PaymentsCore

extension Problem {
    /// The problem a refusal of the hosted-checkout provider answers: unknown ids are 404 like
    /// every other id, a state that forbids the action 409, a bad request to it 422.
    init(_ error: HostedCheckoutError) {
        let detail = error.description
        switch error {
        case .sessionNotFound, .deliveryNotFound:
            self = .notFound(detail)
        case .deliveryNotPending, .noChallengePending, .checkoutAlreadyStarted, .webhookSecretsMissing:
            self.init(status: .conflict, kind: "conflict", title: "Not possible in the current state", detail: detail)
        case .invalidRedirectConfiguration, .invalidLifetime:
            self.init(status: .unprocessableContent, kind: "invalid-input", title: "Invalid input", detail: detail)
        }
    }
}
