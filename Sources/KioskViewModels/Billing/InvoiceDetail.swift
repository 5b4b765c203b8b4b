import PaymentsCore

/// An invoice opened from the list: its lines grouped the way a receipt reads.
public struct InvoiceDetail: Hashable, Sendable {
    public var invoice: Invoice
    public var charges: [InvoiceLine]
    public var prorationCredits: [InvoiceLine]
    public var refunds: [InvoiceLine]
    public var total: String
    /// "Jan 5, 2026 to Feb 5, 2026": what a subscription invoice pays for, from its charge or
    /// intro-offer line; nil for one-time purchases, refunds and disputes.
    public var servicePeriod: String?

    public init(_ invoice: Invoice) {
        self.invoice = invoice
        charges = invoice.lines.filter { ![.prorationCredit, .refund].contains($0.kind) }
        prorationCredits = invoice.lines.filter { $0.kind == .prorationCredit }
        refunds = invoice.lines.filter { $0.kind == .refund }
        total = invoice.total.formatted()
        servicePeriod = invoice.lines.first { [.charge, .introOffer].contains($0.kind) }.flatMap { line in
            guard let start = line.periodStart, let end = line.periodEnd else { return nil }
            return "\(DateWording.day(start)) to \(DateWording.day(end))"
        }
    }
}
