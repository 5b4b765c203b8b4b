import KioskAPI
import PaymentsCore

/// The contract's enums and the core's share raw values; a switch (not `rawValue` lookups) makes
/// a case added on either side a compile error here rather than a runtime surprise.
extension Components.Schemas.Invoice.KindPayload {
    init(_ kind: InvoiceKind) {
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

extension Components.Schemas.InvoiceLine.KindPayload {
    init(_ kind: PaymentsCore.InvoiceLine.Kind) {
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
