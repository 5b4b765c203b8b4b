import KioskAPI
import PaymentsCore

/// The contract's enums as the core's: switches, so a case added on either side is a compile
/// error here rather than a value the storefront cannot show.
extension InvoiceKind {
    init(_ kind: Components.Schemas.Invoice.KindPayload) {
        switch kind {
        case .subscriptionCreate: self = .subscriptionCreate
        case .renewal: self = .renewal
        case .planChange: self = .planChange
        case .oneTime: self = .oneTime
        case .refund: self = .refund
        case .dispute: self = .dispute
        }
    }
}

extension InvoiceStatus {
    init(_ status: Components.Schemas.InvoiceStatus) {
        switch status {
        case .draft: self = .draft
        case .open: self = .open
        case .paid: self = .paid
        case .void: self = .void
        case .uncollectible: self = .uncollectible
        case .refunded: self = .refunded
        case .disputed: self = .disputed
        }
    }
}

/// The invoice-list filter (the server maps the other way, in its own module).
extension Components.Schemas.InvoiceStatus {
    init(_ status: InvoiceStatus) {
        switch status {
        case .draft: self = .draft
        case .open: self = .open
        case .paid: self = .paid
        case .void: self = .void
        case .uncollectible: self = .uncollectible
        case .refunded: self = .refunded
        case .disputed: self = .disputed
        }
    }
}

extension PaymentsCore.InvoiceLine.Kind {
    init(_ kind: Components.Schemas.InvoiceLine.KindPayload) {
        switch kind {
        case .charge: self = .charge
        case .introOffer: self = .introOffer
        case .discount: self = .discount
        case .prorationCredit: self = .prorationCredit
        case .appliedBalance: self = .appliedBalance
        case .balanceCredit: self = .balanceCredit
        case .refund: self = .refund
        case .dispute: self = .dispute
        }
    }
}

extension RenewalState {
    init(_ state: Components.Schemas.RenewalState) {
        switch state {
        case .subscribed: self = .subscribed
        case .inGracePeriod: self = .inGracePeriod
        case .inBillingRetryPeriod: self = .inBillingRetryPeriod
        case .expired: self = .expired
        case .revoked: self = .revoked
        }
    }
}

extension PeriodType {
    init(_ type: Components.Schemas.PeriodType) {
        switch type {
        case .trial: self = .trial
        case .intro: self = .intro
        case .normal: self = .normal
        }
    }
}

extension ExpirationReason {
    init(_ reason: Components.Schemas.Subscription.ExpirationReasonPayload) {
        switch reason {
        case .autoRenewDisabled: self = .autoRenewDisabled
        case .billingError: self = .billingError
        case .didNotConsentToPriceIncrease: self = .didNotConsentToPriceIncrease
        case .productUnavailable: self = .productUnavailable
        case .unknown: self = .unknown
        }
    }
}

extension RevocationReason {
    init(_ reason: Components.Schemas.Subscription.RevocationReasonPayload) {
        switch reason {
        case .developerIssue: self = .developerIssue
        case .other: self = .other
        case .refunded: self = .refunded
        }
    }
}

extension Components.Schemas.CancellationInput.ReasonPayload {
    init(_ reason: CancellationReason) {
        switch reason {
        case .tooExpensive: self = .tooExpensive
        case .missingFeatures: self = .missingFeatures
        case .switchedService: self = .switchedService
        case .unused: self = .unused
        case .customerService: self = .customerService
        case .tooComplex: self = .tooComplex
        case .lowQuality: self = .lowQuality
        case .other: self = .other
        }
    }
}

