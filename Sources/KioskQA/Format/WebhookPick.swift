/// Which delivery a `webhook` step means: `first`, `last`, or a 1-based position.
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
