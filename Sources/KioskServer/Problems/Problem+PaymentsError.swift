import HTTPTypes
import PaymentsCore

extension Problem {
    /// The problem a core refusal answers. Lookups of ids answer 404 whether the object does not
    /// exist or belongs to another customer.
    init(_ error: PaymentsError) {
        let detail = error.userMessage
        switch error {
        case .accountNotFound, .productNotFound, .subscriptionNotFound, .invoiceNotFound, .paymentMethodNotFound,
             .testClockNotFound, .featureNotFound, .pendingActionNotFound, .snapshotNotFound:
            self = .notFound(detail)
        case let .invalidInput(field, _):
            self.init(status: .unprocessableContent, kind: "invalid-input", title: "Invalid input", detail: detail, field: field)
        case let .cardRejected(field, _):
            // The core names the card form's fields; the answer names the field on the wire.
            self.init(status: .unprocessableContent, kind: "invalid-input", title: "Invalid input", detail: detail,
                      field: field == CardField.postalCode.rawValue ? "postal_code" : field)
        case .emailTaken:
            self.init(status: .conflict, kind: "email-taken", title: "Email already in use", detail: detail, field: "email")
        case .idempotencyKeyReused:
            self.init(status: .unprocessableContent, kind: "idempotency-key-reused",
                      title: "Idempotency key reused with other details", detail: detail)
        case .alreadySubscribed, .alreadyOwned, .invalidTransition, .billedByAppStore, .soldByAppStore, .nothingToRefund, .accountHasPurchases,
             .clockCannotGoBack, .snapshotRejected, .accountOnTestClock, .accountNotOnTestClock, .clockAheadOfRealTime:
            self.init(status: .conflict, kind: "conflict", title: "Not possible in the current state", detail: detail)
        case let .invalidOfferCode(code, reason):
            self.init(status: .unprocessableContent, kind: "invalid-offer-code", title: "Offer code not accepted",
                      detail: detail, field: "offer_code", offerCode: code, offerCodeRejection: reason.rawValue)
        case .noPaymentMethod:
            self.init(status: .unprocessableContent, kind: "no-payment-method", title: "No payment method", detail: detail)
        case .productNotSoldInCurrency:
            self.init(status: .unprocessableContent, kind: "not-sold-in-currency", title: "Not sold in this currency",
                      detail: detail)
        case .usageLimitReached, .usageTooSoon, .featureNotInPlan, .insufficientPoints:
            self.init(status: .forbidden, kind: "limit", title: "Not allowed by the plan or balance", detail: detail)
        case let .cardDeclined(reason):
            self.init(status: .init(code: 402), kind: "card-declined", title: "Card declined", detail: detail,
                      declineCode: reason.code)
        case .notSignedIn:
            self = .unauthorized(admin: false)
        case .restore(.noReceipt), .restore(.noPurchasesToRestore), .restore(.noProductsToRestore):
            self.init(status: .conflict, kind: "nothing-to-restore", title: "Nothing to restore", detail: detail)
        case .store, .receipt, .restore:
            self.init(status: .serviceUnavailable, kind: "store-error", title: "The store refused", detail: detail)
        case .busy:
            self.init(status: .serviceUnavailable, kind: "busy", title: "Busy, try again", detail: detail)
        case .storage, .storeFile:
            self = .internalError
        }
    }
}

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
