import KioskAPI
import PaymentsCore

// The contract's invoice enums and the core's, both ways, for the server and the remote client
// alike. They share raw values; a switch (not a `rawValue` lookup) makes a case added on either
// side a compile error here rather than a value one side cannot show.

extension InvoiceKind {
    public init(_ value: Components.Schemas.Invoice.KindPayload) {
        switch value {
        case .subscriptionCreate: self = .subscriptionCreate
        case .renewal: self = .renewal
        case .planChange: self = .planChange
        case .oneTime: self = .oneTime
        case .refund: self = .refund
        case .dispute: self = .dispute
        }
    }
}

extension Components.Schemas.Invoice.KindPayload {
    public init(_ value: InvoiceKind) {
        switch value {
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
    public init(_ value: Components.Schemas.InvoiceStatus) {
        switch value {
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

extension Components.Schemas.InvoiceStatus {
    public init(_ value: InvoiceStatus) {
        switch value {
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
    public init(_ value: Components.Schemas.InvoiceLine.KindPayload) {
        switch value {
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

extension Components.Schemas.InvoiceLine.KindPayload {
    public init(_ value: PaymentsCore.InvoiceLine.Kind) {
        switch value {
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
