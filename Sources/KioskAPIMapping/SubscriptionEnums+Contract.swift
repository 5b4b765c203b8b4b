import KioskAPI
import PaymentsCore

// The contract's subscription enums and the core's, both ways (see InvoiceEnums+Contract.swift).

extension RenewalState {
    public init(_ value: Components.Schemas.RenewalState) {
        switch value {
        case .subscribed: self = .subscribed
        case .inGracePeriod: self = .inGracePeriod
        case .inBillingRetryPeriod: self = .inBillingRetryPeriod
        case .expired: self = .expired
        case .revoked: self = .revoked
        }
    }
}

extension Components.Schemas.RenewalState {
    public init(_ value: RenewalState) {
        switch value {
        case .subscribed: self = .subscribed
        case .inGracePeriod: self = .inGracePeriod
        case .inBillingRetryPeriod: self = .inBillingRetryPeriod
        case .expired: self = .expired
        case .revoked: self = .revoked
        }
    }
}

extension PeriodType {
    public init(_ value: Components.Schemas.PeriodType) {
        switch value {
        case .trial: self = .trial
        case .intro: self = .intro
        case .normal: self = .normal
        }
    }
}

extension Components.Schemas.PeriodType {
    public init(_ value: PeriodType) {
        switch value {
        case .trial: self = .trial
        case .intro: self = .intro
        case .normal: self = .normal
        }
    }
}

extension ExpirationReason {
    public init(_ value: Components.Schemas.Subscription.ExpirationReasonPayload) {
        switch value {
        case .autoRenewDisabled: self = .autoRenewDisabled
        case .billingError: self = .billingError
        case .didNotConsentToPriceIncrease: self = .didNotConsentToPriceIncrease
        case .productUnavailable: self = .productUnavailable
        case .unknown: self = .unknown
        }
    }
}

extension Components.Schemas.Subscription.ExpirationReasonPayload {
    public init(_ value: ExpirationReason) {
        switch value {
        case .autoRenewDisabled: self = .autoRenewDisabled
        case .billingError: self = .billingError
        case .didNotConsentToPriceIncrease: self = .didNotConsentToPriceIncrease
        case .productUnavailable: self = .productUnavailable
        case .unknown: self = .unknown
        }
    }
}

extension RevocationReason {
    public init(_ value: Components.Schemas.Subscription.RevocationReasonPayload) {
        switch value {
        case .developerIssue: self = .developerIssue
        case .other: self = .other
        case .refunded: self = .refunded
        }
    }
}

extension Components.Schemas.Subscription.RevocationReasonPayload {
    public init(_ value: RevocationReason) {
        switch value {
        case .developerIssue: self = .developerIssue
        case .other: self = .other
        case .refunded: self = .refunded
        }
    }
}
