import Foundation

/// What the next period of a subscription will cost the merchant's customer: the period as the
/// terms calculator decides it, and the invoice lines it becomes (balance applied).
struct RenewalTerms {
    var period: PeriodTerms
    var lines: [InvoiceLine]
    var total: Money
    /// Customer balance consumed by the invoice.
    var appliedBalance: Int64
}
