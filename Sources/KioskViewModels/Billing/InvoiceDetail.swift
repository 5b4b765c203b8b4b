import PaymentsCore

/// An invoice opened from the list: its lines grouped the way a receipt reads.
public struct InvoiceDetail: Hashable, Sendable {
    public var invoice: Invoice
    public var charges: [InvoiceLine]
    public var prorationCredits: [InvoiceLine]
    public var refunds: [InvoiceLine]
    public var total: String

    public init(_ invoice: Invoice) {
        self.invoice = invoice
        charges = invoice.lines.filter { ![.prorationCredit, .refund].contains($0.kind) }
        prorationCredits = invoice.lines.filter { $0.kind == .prorationCredit }
        refunds = invoice.lines.filter { $0.kind == .refund }
        total = invoice.total.formatted()
    }
}
