import Foundation
import PaymentsCore
import TerminalUI
import Yams

/// Reads and validates a scenario file, reporting every problem at once as
/// `FILE:LINE:COLUMN: error: message` diagnostics. This validator, not the JSON Schema shipped for
/// editors, decides what is valid.
public enum ScenarioParser {
    static let metadataKeys = ["name", "tags", "catalog", "start", "seed", "size", "customer", "steps"]
    public static let stepNames = ["press", "type", "act", "advance", "set", "webhook", "approve", "decline", "browser",
                                   "price-increase", "use", "sign-in", "resize", "expect", "snapshot", "chapter", "caption"]
    static let expectationNames = ["text", "no-text", "screen", "checkout", "entitlement", "no-entitlement", "subscription",
                                   "invoices", "wallet", "event", "usage", "pending", "invariants"]
    static let settingNames = ["ask-to-buy", "interrupted-purchases", "renewals-fail", "duplicate-receipts", "dropped-receipts",
                               "backend-errors", "backend-unreachable-for", "fault", "clear-faults", "grace-period"]

    public static func parse(contentsOf url: URL, displayName: String? = nil) -> Result<Scenario, ScenarioErrors> {
        let file = displayName ?? url.path
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            return .failure(ScenarioErrors([CatalogDiagnostic(file: file, line: 1, column: 1,
                                                              message: "cannot read the file (missing or not UTF-8)")]))
        }
        return parse(yaml: text, file: file)
    }

    public static func parse(yaml: String, file: String) -> Result<Scenario, ScenarioErrors> {
        var reader = ScenarioNodeReader(file: file)
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: yaml) else {
                reader.error("the file is empty; a scenario needs at least name and steps", at: nil)
                return .failure(ScenarioErrors(reader.diagnostics))
            }
            root = composed
        } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
                let YamlError.composer(_, problem, mark, _) {
            reader.error("invalid YAML: \(problem)", at: mark)
            return .failure(ScenarioErrors(reader.diagnostics))
        } catch {
            reader.error("invalid YAML: \(error)", at: nil)
            return .failure(ScenarioErrors(reader.diagnostics))
        }
        var scenario = Scenario(file: file, name: "", steps: [])
        var sawName = false
        var sawSteps = false
        for (key, _, value) in reader.mapping(root, context: "the scenario", allowed: metadataKeys) ?? [] {
            switch key {
            case "name":
                if let name = reader.string(value, what: "name"), !name.isEmpty {
                    scenario.name = name
                    sawName = true
                } else if value.scalar != nil {
                    reader.error("name must not be empty", at: value)
                }
            case "tags":
                scenario.tags = reader.strings(value, what: "tags")?.map(\.0) ?? []
            case "catalog":
                scenario.catalogPath = reader.string(value, what: "catalog")
            case "start":
                if let text = reader.string(value, what: "start") {
                    if let date = ISO8601DateFormatter().date(from: text) {
                        scenario.start = date
                    } else {
                        reader.error("start must be an ISO 8601 UTC time like 2026-01-01T00:00:00Z, found '\(text)'", at: value)
                    }
                }
            case "seed":
                if let seed = reader.int(value, what: "seed") { scenario.seed = UInt64(seed) }
            case "size":
                if let size = reader.size(value, what: "size") {
                    scenario.size = Size(width: size.width, height: size.height)
                }
            case "customer":
                scenario.customer = value.scalar?.string == "none" ? nil : customer(value, &reader)
            default:
                sawSteps = true
                if let steps = value.sequence {
                    scenario.steps = steps.compactMap { step($0, &reader) }
                } else {
                    reader.error("steps must be a list, found \(reader.found(value))", at: value)
                }
            }
        }
        if !sawName { reader.error("missing field 'name' in the scenario", at: root) }
        if !sawSteps { reader.error("missing field 'steps' in the scenario", at: root) }
        return reader.diagnostics.isEmpty ? .success(scenario) : .failure(ScenarioErrors(reader.diagnostics))
    }

    static func customer(_ node: Node, _ reader: inout ScenarioNodeReader) -> CustomerSetup? {
        var setup = CustomerSetup()
        for (key, _, value) in reader.mapping(node, context: "the customer", allowed: ["name", "card"]) ?? [] {
            if key == "name" {
                setup.name = reader.string(value, what: "customer name") ?? setup.name
            } else if let card = reader.string(value, what: "card") {
                if !TestCards.isKnown(card) {
                    reader.error("card must be a known test card number (see docs/qa.md), found '\(card)'", at: value)
                }
                setup.card = card
            }
        }
        return setup
    }

    static func step(_ node: Node, _ reader: inout ScenarioNodeReader) -> ScenarioStep? {
        guard let mapping = node.mapping, mapping.count == 1, let (keyNode, value) = mapping.first else {
            reader.error("a step must be a mapping with exactly one key (one of \(stepNames.joined(separator: ", "))), found \(reader.found(node))", at: node)
            return nil
        }
        guard let name = keyNode.scalar?.string, stepNames.contains(name) else {
            reader.error("unknown step \(reader.found(keyNode)); steps: \(stepNames.joined(separator: ", "))", at: keyNode)
            return nil
        }
        guard let kind = ScenarioStepReader.kind(name, value, &reader) else { return nil }
        return ScenarioStep(line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column ?? 1, kind: kind)
    }
}

/// Every problem found in a scenario file, in file order.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [CatalogDiagnostic]

    public init(_ diagnostics: [CatalogDiagnostic]) {
        self.diagnostics = diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// One `FILE:LINE:COLUMN: error: message` line per problem.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
