import PaymentsCore

/// A decline as a customer reads it: the reason, then what to do ("Your card has insufficient
/// funds. Try another card.").
public enum DeclineWording {
    public static func advice(_ reason: DeclineReason) -> String {
        DeclineCode(rawValue: reason.code)?.advice ?? "Try another card."
    }

    public static func text(_ reason: DeclineReason) -> String {
        "\(reason.message) \(advice(reason))"
    }
}
