import Foundation

/// What the next period of a subscription will be and cost: the product (a pending downgrade
/// takes effect here), the period type (a trial converts, pay-as-you-go intro periods count
/// down), where the period sits in its series, and the invoice lines.
struct RenewalTerms {
    var plan: Plan
    var product: SubscriptionProduct
    var periodType: PeriodType
    var introPeriodsLeft: Int
    var offerPeriodsLeft: Int
    /// The offer code that discounts this period, if one does.
    var offerCode: OfferCode?
    var seriesAnchor: Date
    var seriesIndex: Int
    var periodStart: Date
    var periodEnd: Date
    var lines: [InvoiceLine]
    var total: Money
    /// Customer balance consumed by the invoice.
    var appliedBalance: Int64
}
