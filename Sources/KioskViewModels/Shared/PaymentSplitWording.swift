import PaymentsCore

/// How a charge or a refund is paid, in the words of every screen that shows money: "$17.12 from
/// your balance, $32.87 on Visa 4242". The amounts are the core's (`PaymentSplit`,
/// `RefundTerms`); this only words them.
public enum PaymentSplitWording {
    /// The split, or nil when the balance pays none of it (the amount alone says it all then).
    public static func text(_ split: PaymentSplit, card: String?) -> String? {
        guard !split.fromBalance.isZero else { return nil }
        let onCard = split.onCard.isZero ? "nothing on your card" : "\(split.onCard.formatted()) on \(card ?? "your card")"
        return "\(split.fromBalance.formatted()) from your balance, \(onCard)"
    }

    /// "Visa 4242".
    public static func card(_ method: PaymentMethod) -> String { "\(method.brand.capitalized) \(method.last4)" }

    /// "Visa 4242".
    public static func card(_ summary: PaymentMethodSummary) -> String { "\(summary.brand.capitalized) \(summary.last4)" }

    /// The card a plan change charges: the subscription's own, else the account's default (as
    /// the core picks it).
    public static func planChangeCard(_ subscription: Subscription?, among methods: [PaymentMethod]) -> PaymentMethod? {
        if let id = subscription?.paymentMethodID { return methods.first { $0.id == id } }
        return methods.first(where: \.isDefault)
    }
}
