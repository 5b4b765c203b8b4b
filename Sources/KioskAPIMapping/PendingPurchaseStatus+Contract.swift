import KioskAPI
import PaymentsCore

// The contract's pending store purchase status and the core's, both ways (see InvoiceEnums+Contract.swift).

extension PendingPurchaseStatus {
    public init(_ value: Components.Schemas.PendingStorePurchase.StatusPayload) {
        switch value {
        case .waiting: self = .waiting
        case .approved: self = .approved
        case .declined: self = .declined
        }
    }
}

extension Components.Schemas.PendingStorePurchase.StatusPayload {
    public init(_ value: PendingPurchaseStatus) {
        switch value {
        case .waiting: self = .waiting
        case .approved: self = .approved
        case .declined: self = .declined
        }
    }
}
