import Foundation
import Yams

/// Reads YAML nodes into typed values, recording a positioned diagnostic for every value that
/// does not fit instead of stopping, so one run reports every problem in a file.
struct CatalogNodeReader {
    let file: String
    /// Placeholder key → original key, for duplicate keys renamed so Yams could compose the file.
    let maskedKeys: [String: String]
    private(set) var diagnostics: [CatalogDiagnostic] = []
    /// Things worth telling the author that do not make the file invalid.
    private(set) var notes: [CatalogDiagnostic] = []

    init(file: String, maskedKeys: [String: String]) {
        self.file = file
        self.maskedKeys = maskedKeys
    }

    mutating func error(_ message: String, at node: Node) {
        error(message, at: node.mark)
    }

    mutating func error(_ message: String, at mark: Mark?) {
        diagnostics.append(CatalogDiagnostic(
            file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    mutating func note(_ message: String, at node: Node) {
        notes.append(CatalogDiagnostic(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                                       message: message, severity: .note))
    }

    /// "(first at line 3, column 7)", pointing back at an earlier definition.
    static func firstAt(_ mark: Mark?) -> String {
        guard let mark else { return "" }
        return " (first at line \(mark.line), column \(mark.column))"
    }

    /// A mapping's keys, checked: duplicates, unknown keys (with the allowed list) and missing
    /// required keys are reported; `misplaced` gives a specific message for a key that belongs
    /// elsewhere (an intro offer on a one-time product) instead of the generic one.
    mutating func fields(_ node: Node, context: String, required: [String], optional: [String] = [],
                         misplaced: [String: String] = [:]) -> CatalogFields? {
        guard let mapping = node.mapping else {
            error("\(context) must be a mapping of keys to values, found \(found(node))", at: node)
            return nil
        }
        let allowed = required + optional
        var values: [String: Node] = [:]
        var keys: [String: Node] = [:]
        var keyMarks: [String: Mark?] = [:]
        for (keyNode, value) in mapping {
            guard let scalar = keyNode.scalar else {
                error("keys in \(context) must be plain names, found \(found(keyNode))", at: keyNode)
                continue
            }
            let key = maskedKeys[scalar.string] ?? scalar.string
            if let first = keyMarks[key] {
                error("duplicate key '\(key)' in \(context)\(Self.firstAt(first))", at: keyNode)
                continue
            }
            keyMarks[key] = keyNode.mark
            if let message = misplaced[key] {
                error(message, at: keyNode)
            } else if !allowed.contains(key) {
                error("unknown key '\(key)' in \(context); allowed keys: \(allowed.joined(separator: ", "))",
                      at: keyNode)
            } else {
                values[key] = value
                keys[key] = keyNode
            }
        }
        for key in required where keyMarks[key] == nil {
            error("missing required key '\(key)' in \(context)", at: node)
        }
        return CatalogFields(node: node, context: context, values: values, keys: keys)
    }

    /// A label for a list element before it is read: `plan 'pro'` when its id is readable,
    /// otherwise `plan #2` (1-based), so messages stay specific even about broken entries.
    func label(_ kind: String, of node: Node, index: Int, idKey: String = "id") -> String {
        if let id = node.mapping?[idKey]?.scalar?.string, !id.isEmpty { return "\(kind) '\(id)'" }
        return "\(kind) #\(index + 1)"
    }

    func found(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar): CatalogScalar(scalar).found
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    mutating func sequence(_ node: Node, what: String) -> [Node]? {
        guard let sequence = node.sequence else {
            error("\(what) must be a list, found \(found(node))", at: node)
            return nil
        }
        return Array(sequence)
    }

    mutating func text(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar else {
            error("\(what) must be text, found \(found(node))", at: node)
            return nil
        }
        if case .null = CatalogScalar(scalar) {
            error("\(what) must be text, found nothing", at: node)
            return nil
        }
        let text = scalar.string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            error("\(what) must not be empty", at: node)
            return nil
        }
        return text
    }

    /// An id: non-empty text without whitespace, since ids appear in commands and receipts.
    mutating func identifier(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar else {
            error("\(what) must be an id, found \(found(node))", at: node)
            return nil
        }
        let kind = CatalogScalar(scalar)
        if case .null = kind {
            error("\(what) must not be empty", at: node)
            return nil
        }
        let id = scalar.string
        guard !id.isEmpty else {
            error("\(what) must not be empty", at: node)
            return nil
        }
        guard !id.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            error("\(what) must not contain spaces, found '\(id)'", at: node)
            return nil
        }
        return id
    }

    mutating func integer(_ node: Node, what: String, minimum: Int64 = 0,
                          maximum: Int64 = CatalogLimits.maximumCount) -> Int64? {
        guard let scalar = node.scalar else {
            error("\(what) must be an integer, found \(found(node))", at: node)
            return nil
        }
        switch CatalogScalar(scalar) {
        case let .integer(value):
            guard value >= minimum else {
                error("\(what) must be at least \(minimum), found \(value)", at: node)
                return nil
            }
            guard value <= maximum else {
                error("\(what) must be at most \(maximum), found \(value)", at: node)
                return nil
            }
            return value
        case let .integerOutOfRange(text):
            error("\(what) is out of range: \(text)", at: node)
        case let other:
            error("\(what) must be an integer, found \(other.found)", at: node)
        }
        return nil
    }

    /// A price: a non-negative integer of minor units. A decimal such as 9.99 gets a message of
    /// its own, since it is the mistake everyone makes first.
    mutating func amount(_ node: Node, what: String) -> Int64? {
        if let scalar = node.scalar, case let .fraction(text) = CatalogScalar(scalar) {
            error("\(what) must be an integer, found \(text): prices are integer minor units "
                  + "(999 means 9.99 in a currency with cents, 1500 means ¥1,500)", at: node)
            return nil
        }
        if let scalar = node.scalar, case let .integer(value) = CatalogScalar(scalar), value < 0 {
            error("\(what) must not be negative, found \(value)", at: node)
            return nil
        }
        return integer(node, what: what, maximum: CatalogLimits.maximumAmount)
    }

    mutating func int(_ node: Node, what: String, minimum: Int64 = 0,
                      maximum: Int64 = CatalogLimits.maximumCount) -> Int? {
        integer(node, what: what, minimum: minimum, maximum: maximum).map { Int(truncatingIfNeeded: $0) }
    }

    mutating func bool(_ node: Node, what: String) -> Bool? {
        if let scalar = node.scalar, case let .bool(value) = CatalogScalar(scalar) { return value }
        error("\(what) must be true or false, found \(found(node))", at: node)
        return nil
    }

    mutating func duration(_ node: Node, what: String) -> ISODuration? {
        if let scalar = node.scalar, case .text = CatalogScalar(scalar), let duration = ISODuration(scalar.string) {
            guard duration.isWithinAcceptedLength else {
                error(Self.tooLong(what, duration), at: node)
                return nil
            }
            return duration
        }
        error("\(what) must be an ISO 8601 duration such as P1W, P1M, P1Y or PT24H, found \(found(node))",
              at: node)
        return nil
    }

    /// The message for a duration past `ISODuration.longestAccepted`.
    static func tooLong(_ what: String, _ duration: ISODuration) -> String {
        "\(what) must be at most \(ISODuration.longestAccepted) long, found \(duration)"
    }
}
