/// What refunding a paid invoice gives back and where, and what ends: the one computation behind
/// both the refund (`Refunds.refund`) and the words the customer confirms before it.
///
/// The rule (docs/money.md, "Refunds"): everything that paid for what ends comes back where it
/// came from. The card part (the invoice's total) goes to the card. What was not paid by card
/// goes to the account balance: the applied balance, and for a plan change the credit for the
/// old plan's unused time that paid part of the new plan (less any credit already kept as
/// balance). The subscription the invoice paid for ends now; the earlier period whose unused
/// time became that credit is thereby paid back too, as balance.
public struct RefundTerms: Hashable, Sendable {
    /// Back to the card the invoice charged.
    public var toCard: Money
    /// The card the invoice charged, when it charged one.
    public var card: PaymentMethodSummary?
    /// Back to the account balance.
    public var toBalance: Money
    /// Everything paid back: card and balance together.
    public var paidBack: Money
    /// Of `toBalance`, the credit for an earlier plan's unused time (a plan change's invoice).
    public var unusedTimeCredit: Money
    /// The invoice paid for a subscription, which the refund ends now.
    public var endsSubscription: Bool

    public init(refunding invoice: Invoice) throws(MoneyError) {
        let currency = invoice.total.currency
        var otherwise = Money.zero(currency)
        var unused = Money.zero(currency)
        for line in invoice.lines where [.appliedBalance, .prorationCredit, .balanceCredit].contains(line.kind) {
            otherwise = try otherwise.subtracting(line.amount)
            if line.kind != .appliedBalance { unused = try unused.subtracting(line.amount) }
        }
        toCard = invoice.total
        card = invoice.paymentMethod
        toBalance = otherwise.minorUnits > 0 ? otherwise : .zero(currency)
        unusedTimeCredit = unused.minorUnits > 0 ? Money(minorUnits: min(unused.minorUnits, toBalance.minorUnits),
                                                         currency: currency) : .zero(currency)
        paidBack = try toCard.adding(toBalance)
        endsSubscription = invoice.subscriptionID != nil
    }
}
