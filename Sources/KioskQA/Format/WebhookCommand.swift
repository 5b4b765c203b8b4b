import PaymentsCore

/// A `webhook` step: what the hosted-checkout provider's outbox does next. Deliveries are
/// picked by position among the ones not yet delivered (`last`, `first`, or a 1-based index).
public enum WebhookCommand: Sendable, Hashable {
    /// Sends every due delivery to the app's webhook endpoint (in process), signed as the provider signs.
    case deliver
    case delay(WebhookPick, ISODuration)
    case drop(WebhookPick)
    case duplicate(WebhookPick)
    /// Queues an already delivered message again (by position among all deliveries).
    case replay(WebhookPick)
    /// Reverses the order of the waiting deliveries, so later events arrive first.
    case reverse
}

public enum WebhookPick: Sendable, Hashable {
    case first, last
    case index(Int)

    init?(_ text: String) {
        switch text {
        case "first": self = .first
        case "last": self = .last
        default:
            guard let number = Int(text), number >= 1 else { return nil }
            self = .index(number)
        }
    }

    func pick<T>(_ items: [T]) -> T? {
        switch self {
        case .first: items.first
        case .last: items.last
        case let .index(number): number <= items.count ? items[number - 1] : nil
        }
    }
}
