import Foundation
import PaymentsCore

/// One line of billing history, worded for the list.
public struct InvoiceRow: Hashable, Sendable, Identifiable {
    public var id: String
    public var date: Date
    public var description: String
    public var amount: String
    public var status: InvoiceStatus
    /// "visa •••• 4242", or nil when no card was involved.
    public var paymentMethod: String?

    public init(_ invoice: Invoice) {
        id = invoice.id
        date = invoice.createdAt
        description = invoice.description
        amount = invoice.total.formatted()
        status = invoice.status
        paymentMethod = invoice.paymentMethod?.description
    }
}
