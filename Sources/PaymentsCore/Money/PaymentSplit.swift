/// How an amount due is paid: the account balance first, the card for the rest. The one rule
/// every charge applies (`Invoicing.balanceLine`) and every screen words before it ("$17.12 from
/// your balance, $32.87 on Visa 4242"), so what a customer reads is what the charge takes.
public struct PaymentSplit: Hashable, Sendable {
    public var fromBalance: Money
    public var onCard: Money

    public init(fromBalance: Money, onCard: Money) {
        self.fromBalance = fromBalance
        self.onCard = onCard
    }

    /// `amount` paid from a balance of `balance` minor units (in the amount's currency). A
    /// negative balance or amount takes nothing from the balance.
    public static func paying(_ amount: Money, balance: Int64) -> PaymentSplit {
        let used = min(max(balance, 0), max(amount.minorUnits, 0))
        return PaymentSplit(fromBalance: Money(minorUnits: used, currency: amount.currency),
                            onCard: Money(minorUnits: amount.minorUnits - used, currency: amount.currency))
    }
}
