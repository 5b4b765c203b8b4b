import Foundation
import PaymentsCore
import TerminalUI
import Yams

/// Reads the value of each kind of step.
enum ScenarioStepReader {
    static func kind(_ name: String, _ value: Node, _ reader: inout ScenarioNodeReader) -> ScenarioStep.Kind? {
        switch name {
        case "press":
            guard let names = reader.strings(value, what: "press") else { return nil }
            var keys: [Key] = []
            var valid = true
            for (keyName, node) in names {
                if let key = KeyName.key(keyName) {
                    keys.append(key)
                } else {
                    valid = false
                    reader.error("unknown key name '\(keyName)'; use one character, ctrl-X, f1-f12 or one of "
                        + KeyName.names.joined(separator: ", "), at: node)
                }
            }
            return valid ? .press(keys) : nil
        case "type":
            return reader.string(value, what: "type").map { .type($0) }
        case "act":
            return act(value, &reader).map { .act($0) }
        case "advance":
            return reader.duration(value, what: "advance").map { .advance($0) }
        case "set":
            return settings(value, &reader).map { .set($0) }
        case "webhook":
            return webhook(value, &reader).map { .webhook($0) }
        case "approve":
            return reader.pendingKind(value, what: "approve").map { .approve($0) }
        case "decline":
            return reader.pendingKind(value, what: "decline").map { .decline($0) }
        case "browser":
            return browser(value, &reader).map { .browser($0) }
        case "price-increase":
            return reader.int(value, what: "price-increase (the new price in minor units)", minimum: 1).map { .priceIncrease(Int64($0)) }
        case "use":
            return use(value, &reader)
        case "sign-in":
            return ScenarioParser.customer(value, &reader).map { .signIn($0) }
        case "resize":
            return reader.size(value, what: "resize").map { .resize(Size(width: $0.width, height: $0.height)) }
        case "expect":
            return ExpectationReader.expectations(value, &reader).map { .expect($0) }
        case "snapshot":
            guard let snapshot = reader.string(value, what: "snapshot") else { return nil }
            guard !snapshot.isEmpty, snapshot.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                reader.error("snapshot names may use letters, digits, '-', '_' and '.', found '\(snapshot)'", at: value)
                return nil
            }
            return .snapshot(snapshot)
        case "chapter":
            return reader.string(value, what: "chapter").map { .chapter($0) }
        default:
            return reader.string(value, what: "caption").map { .caption($0) }
        }
    }

    static func act(_ value: Node, _ reader: inout ScenarioNodeReader) -> ScenarioAction? {
        let nameNode: Node
        var argument: String?
        if value.scalar != nil {
            nameNode = value
        } else if let mapping = value.mapping, mapping.count == 1, let (key, argumentNode) = mapping.first {
            nameNode = key
            argument = reader.string(argumentNode, what: "the action's argument")
            if argument == nil { return nil }
        } else {
            reader.error("act must be an action name or {name: argument}, found \(reader.found(value))", at: value)
            return nil
        }
        guard let name = nameNode.scalar?.string, let entry = ActionVocabulary.entry(name) else {
            reader.error("unknown action \(reader.found(nameNode)); actions: "
                + ActionVocabulary.entries.map(\.name).joined(separator: ", "), at: nameNode)
            return nil
        }
        switch (entry.argument, argument) {
        case (let wanted?, nil):
            reader.error("action '\(name)' needs an argument (\(wanted)): write {\(name): ...}", at: nameNode)
            return nil
        case (nil, _?):
            reader.error("action '\(name)' takes no argument", at: nameNode)
            return nil
        default:
            if let argument, cardActions.contains(name), !TestCards.isKnown(argument.filter(\.isNumber)) {
                reader.error("action '\(name)' needs a known test card number (see docs/qa.md), found '\(argument)'", at: nameNode)
                return nil
            }
            return ScenarioAction(name: name, argument: argument)
        }
    }

    /// Actions whose argument is a whole card number: only test cards may be written in a file.
    static let cardActions: Set<String> = ["checkout.card", "checkout.card-number"]

    static func settings(_ value: Node, _ reader: inout ScenarioNodeReader) -> [StoreSettingChange]? {
        guard let entries = reader.mapping(value, context: "set", allowed: ScenarioParser.settingNames) else { return nil }
        var changes: [StoreSettingChange] = []
        for (key, _, node) in entries {
            let change: StoreSettingChange? = switch key {
            case "ask-to-buy": reader.bool(node, what: key).map { .askToBuy($0) }
            case "interrupted-purchases": reader.bool(node, what: key).map { .interruptedPurchases($0) }
            case "renewals-fail": reader.bool(node, what: key).map { .renewalsFail($0) }
            case "duplicate-receipts": reader.bool(node, what: key).map { .duplicateReceipts($0) }
            case "dropped-receipts": reader.int(node, what: key).map { .droppedReceipts($0) }
            case "backend-errors": reader.int(node, what: key).map { .backendErrors($0) }
            case "backend-unreachable-for": reader.duration(node, what: key).map { .backendUnreachableFor($0) }
            case "fault": fault(node, &reader).map { .fault($0) }
            case "grace-period": reader.bool(node, what: key).map { .gracePeriod($0) }
            default: reader.bool(node, what: key).flatMap { $0 ? .clearFaults : nil }
            }
            if let change { changes.append(change) }
        }
        return changes
    }

    static func fault(_ value: Node, _ reader: inout ScenarioNodeReader) -> StoreFault? {
        guard let entries = reader.mapping(value, context: "fault", allowed: ["operation", "error", "count"]) else { return nil }
        var operation: StoreOperation?
        var error: StoreError?
        var count: Int?
        for (key, _, node) in entries {
            switch key {
            case "operation":
                operation = node.scalar.flatMap { StoreOperation(rawValue: $0.string) }
                if operation == nil {
                    reader.error("operation must be one of \(StoreOperation.allCases.map(\.rawValue).joined(separator: ", ")), found \(reader.found(node))", at: node)
                }
            case "error":
                error = node.scalar.flatMap { StoreError(rawValue: $0.string) }
                if error == nil {
                    reader.error("error must be one of \(StoreError.allCases.map(\.rawValue).joined(separator: ", ")), found \(reader.found(node))", at: node)
                }
            default:
                count = reader.int(node, what: "count", minimum: 1)
            }
        }
        let keys = entries.map(\.key)
        for field in ["operation", "error"] where !keys.contains(field) {
            reader.error("missing field '\(field)' in fault", at: value)
        }
        guard let operation, let error else { return nil }
        return StoreFault(operation: operation, error: error, remaining: count)
    }

    static func webhook(_ value: Node, _ reader: inout ScenarioNodeReader) -> WebhookCommand? {
        if let text = value.scalar?.string {
            switch text {
            case "deliver": return .deliver
            case "reverse": return .reverse
            default:
                reader.error("webhook must be deliver, reverse, or one of {delay: DURATION}, {drop: PICK}, {duplicate: PICK}, {replay: PICK}, found '\(text)'", at: value)
                return nil
            }
        }
        guard let entries = reader.mapping(value, context: "webhook", allowed: ["delay", "drop", "duplicate", "replay"]),
              let (key, keyNode, node) = entries.first else { return nil }
        guard entries.count == 1 else {
            reader.error("webhook takes one command per step", at: keyNode)
            return nil
        }
        if key == "delay" { return reader.duration(node, what: "delay").map { .delay(.last, $0) } }
        guard let text = node.scalar?.string, let pick = WebhookPick(text) else {
            reader.error("\(key) must name a delivery: first, last or a 1-based number, found \(reader.found(node))", at: node)
            return nil
        }
        switch key {
        case "drop": return .drop(pick)
        case "duplicate": return .duplicate(pick)
        default: return .replay(pick)
        }
    }

    static func browser(_ value: Node, _ reader: inout ScenarioNodeReader) -> BrowserAnswer? {
        switch value.scalar?.string {
        case "pay": return .pay(card: TestCards.substituteNumber)
        case "cancel": return .cancel
        case "abandon": return .abandon
        default: break
        }
        if let entries = reader.mapping(value, context: "browser", allowed: ["pay"]), let (_, _, node) = entries.first,
           let card = reader.string(node, what: "card") {
            guard TestCards.isKnown(card) else {
                reader.error("pay needs a known test card number, found '\(card)'", at: node)
                return nil
            }
            return .pay(card: card)
        }
        return nil
    }

    static func use(_ value: Node, _ reader: inout ScenarioNodeReader) -> ScenarioStep.Kind? {
        if let feature = value.scalar?.string { return .use(feature: feature, times: 1) }
        guard let entries = reader.mapping(value, context: "use", allowed: ["feature", "times"]) else { return nil }
        var feature: String?
        var times = 1
        for (key, _, node) in entries {
            if key == "feature" { feature = reader.string(node, what: "feature") } else { times = reader.int(node, what: "times", minimum: 1, maximum: ScenarioLimits.mostUses) ?? 1 }
        }
        guard let feature else {
            reader.error("missing field 'feature' in use", at: value)
            return nil
        }
        return .use(feature: feature, times: times)
    }
}
