import PaymentsCore

/// One check of an `expect` step, with its position so a failure names the line.
public struct Expectation: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public var check: Check

    public init(line: Int, column: Int, check: Check) {
        self.line = line
        self.column = column
        self.check = check
    }

    public enum Check: Sendable, Hashable {
        /// The screen shows this text.
        case text(String)
        case noText(String)
        /// `paywall`, `plans`, `checkout`, `billing`, `settings`.
        case screen(String)
        /// The checkout on top is in this status (`editing`, `succeeded`, `declined`, ...).
        case checkout(String)
        case entitlement(String, active: Bool)
        /// The account's newest subscription is in this state (`none` when it has none),
        /// optionally for this product.
        case subscription(state: String, product: String?, autoRenew: Bool?)
        /// Invoice count, and optionally the sum of their totals in minor units.
        case invoices(count: Int, total: Int64?)
        case wallet(Int64)
        case event(String)
        case usage(feature: String, used: Int)
        case pending(kind: PendingAction.Kind?, count: Int)
        /// The store's invariants hold (`true`) or are broken (`false`).
        case invariants(Bool)
    }

    /// The check as written, for reports: `subscription: subscribed`.
    public var summary: String {
        switch check {
        case let .text(text): "text: \"\(text)\""
        case let .noText(text): "no-text: \"\(text)\""
        case let .screen(name): "screen: \(name)"
        case let .checkout(status): "checkout: \(status)"
        case let .entitlement(id, active): "\(active ? "entitlement" : "no-entitlement"): \(id)"
        case let .subscription(state, product, autoRenew):
            "subscription: \(state)" + (product.map { " (\($0))" } ?? "") + (autoRenew.map { ", auto-renew \($0)" } ?? "")
        case let .invoices(count, total): "invoices: \(count)" + (total.map { ", total \($0)" } ?? "")
        case let .wallet(points): "wallet: \(points)"
        case let .event(name): "event: \(name)"
        case let .usage(feature, used): "usage: \(feature) used \(used)"
        case let .pending(kind, count): "pending: \(count)" + (kind.map { " \($0.rawValue)" } ?? "")
        case let .invariants(hold): "invariants: \(hold ? "hold" : "broken")"
        }
    }

    /// A subscription state as scenarios write it: `in-grace-period`.
    public static func name(_ state: RenewalState) -> String {
        state.rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
    }
}
