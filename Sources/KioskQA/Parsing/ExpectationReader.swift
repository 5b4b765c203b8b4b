import PaymentsCore
import Yams

/// Reads an `expect` step: a mapping of checks, all of which must hold.
enum ExpectationReader {
    static let checkoutStatuses = ["editing", "confirming-store-purchase", "processing", "authenticating", "pending-approval",
                                   "browser", "declined", "failed", "succeeded", "none"]
    static let subscriptionStates = RenewalState.allCases.map(Expectation.name) + ["none"]

    static func expectations(_ value: Node, _ reader: inout ScenarioNodeReader) -> [Expectation]? {
        guard let entries = reader.mapping(value, context: "expect", allowed: ScenarioParser.expectationNames) else { return nil }
        let before = reader.diagnostics.count
        var checks: [Expectation] = []
        for (key, keyNode, node) in entries {
            guard let check = check(key, node, &reader) else { continue }
            checks.append(Expectation(line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column ?? 1, check: check))
        }
        if entries.isEmpty { reader.error("expect needs at least one check", at: value) }
        return reader.diagnostics.count == before ? checks : nil
    }

    private static func oneOf(_ allowed: [String], _ node: Node, what: String, _ reader: inout ScenarioNodeReader) -> String? {
        guard let text = node.scalar?.string, allowed.contains(text) else {
            reader.error("\(what) must be one of \(allowed.joined(separator: ", ")), found \(reader.found(node))", at: node)
            return nil
        }
        return text
    }

    private static func check(_ key: String, _ node: Node, _ reader: inout ScenarioNodeReader) -> Expectation.Check? {
        switch key {
        case "text": return reader.string(node, what: "text").map { .text($0) }
        case "no-text": return reader.string(node, what: "no-text").map { .noText($0) }
        case "screen": return oneOf(["paywall", "plans", "checkout", "billing", "settings"], node, what: "screen", &reader).map { .screen($0) }
        case "checkout": return oneOf(checkoutStatuses, node, what: "checkout", &reader).map { .checkout($0) }
        case "entitlement": return reader.string(node, what: "entitlement").map { .entitlement($0, active: true) }
        case "no-entitlement": return reader.string(node, what: "no-entitlement").map { .entitlement($0, active: false) }
        case "subscription": return subscription(node, &reader)
        case "invoices": return invoices(node, &reader)
        case "wallet": return reader.int(node, what: "wallet").map { .wallet(Int64($0)) }
        case "event": return reader.string(node, what: "event").map { .event($0) }
        case "usage":
            guard let entries = reader.mapping(node, context: "usage", allowed: ["feature", "used"]) else { return nil }
            var feature: String?
            var used: Int?
            for (name, _, value) in entries {
                if name == "feature" { feature = reader.string(value, what: "feature") } else { used = reader.int(value, what: "used") }
            }
            guard let feature, let used else {
                reader.error("usage needs feature and used", at: node)
                return nil
            }
            return .usage(feature: feature, used: used)
        case "pending":
            if node.scalar != nil { return reader.int(node, what: "pending").map { .pending(kind: nil, count: $0) } }
            guard let entries = reader.mapping(node, context: "pending", allowed: ["kind", "count"]) else { return nil }
            var kind: PendingAction.Kind?
            var count = 1
            for (name, _, value) in entries {
                if name == "kind" { kind = reader.pendingKind(value, what: "kind") } else { count = reader.int(value, what: "count") ?? 0 }
            }
            return .pending(kind: kind, count: count)
        default:
            guard let text = node.scalar?.string, ["hold", "broken"].contains(text) else {
                reader.error("invariants must be hold or broken, found \(reader.found(node))", at: node)
                return nil
            }
            return .invariants(text == "hold")
        }
    }

    private static func subscription(_ node: Node, _ reader: inout ScenarioNodeReader) -> Expectation.Check? {
        if node.scalar != nil {
            return oneOf(subscriptionStates, node, what: "subscription", &reader).map { .subscription(state: $0, product: nil, autoRenew: nil) }
        }
        guard let entries = reader.mapping(node, context: "subscription", allowed: ["state", "product", "auto-renew"]) else { return nil }
        var state: String?
        var product: String?
        var autoRenew: Bool?
        for (name, _, value) in entries {
            switch name {
            case "state": state = oneOf(subscriptionStates, value, what: "state", &reader)
            case "product": product = reader.string(value, what: "product")
            default: autoRenew = reader.bool(value, what: "auto-renew")
            }
        }
        guard let state else {
            reader.error("missing field 'state' in subscription", at: node)
            return nil
        }
        return .subscription(state: state, product: product, autoRenew: autoRenew)
    }

    private static func invoices(_ node: Node, _ reader: inout ScenarioNodeReader) -> Expectation.Check? {
        if node.scalar != nil { return reader.int(node, what: "invoices").map { .invoices(count: $0, total: nil) } }
        guard let entries = reader.mapping(node, context: "invoices", allowed: ["count", "total"]) else { return nil }
        var count: Int?
        var total: Int64?
        for (name, _, value) in entries {
            if name == "count" {
                count = reader.int(value, what: "count")
            } else if let text = value.scalar?.string, let number = Int64(text) {
                total = number
            } else {
                reader.error("total must be a whole number of minor units, found \(reader.found(value))", at: value)
            }
        }
        guard let count else {
            reader.error("missing field 'count' in invoices", at: node)
            return nil
        }
        return .invoices(count: count, total: total)
    }
}
