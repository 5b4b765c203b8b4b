import Foundation
import PaymentsCore
import Yams

/// Reads YAML nodes into typed values, recording a positioned diagnostic for every value that
/// does not fit instead of stopping, so one run reports every problem in a file.
struct ScenarioNodeReader {
    let file: String
    private(set) var diagnostics: [CatalogDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func error(_ message: String, at node: Node) {
        error(message, at: node.mark)
    }

    mutating func error(_ message: String, at mark: Mark?) {
        diagnostics.append(CatalogDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    func found(_ node: Node) -> String {
        switch node {
        case let .scalar(scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// A mapping's entries in file order with unknown keys reported (naming the allowed ones).
    mutating func mapping(_ node: Node, context: String, allowed: [String]) -> [(key: String, keyNode: Node, value: Node)]? {
        guard let mapping = node.mapping else {
            error("\(context) must be a mapping, found \(found(node))", at: node)
            return nil
        }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                error("keys in \(context) must be plain names, found \(found(keyNode))", at: keyNode)
                continue
            }
            guard allowed.contains(key) else {
                error("unknown key '\(key)' in \(context); allowed keys: \(allowed.joined(separator: ", "))", at: keyNode)
                continue
            }
            entries.append((key, keyNode, value))
        }
        return entries
    }

    mutating func string(_ node: Node, what: String) -> String? {
        guard let scalar = node.scalar else {
            error("\(what) must be a string, found \(found(node))", at: node)
            return nil
        }
        return scalar.string
    }

    mutating func int(_ node: Node, what: String, minimum: Int = 0,
                      maximum: Int = ScenarioLimits.largestNumber) -> Int? {
        guard let text = node.scalar?.string, let value = Int(text), value >= minimum else {
            error("\(what) must be a whole number of at least \(minimum), found \(found(node))", at: node)
            return nil
        }
        guard value <= maximum else {
            error("\(what) must be at most \(maximum), found \(found(node))", at: node)
            return nil
        }
        return value
    }

    mutating func bool(_ node: Node, what: String) -> Bool? {
        switch node.scalar?.string {
        case "true": return true
        case "false": return false
        default:
            error("\(what) must be true or false, found \(found(node))", at: node)
            return nil
        }
    }

    /// A duration read by `DurationText`, the one reader of typed durations (the QA panel's
    /// "Advance by" field takes the same text), or a bare number of days.
    mutating func duration(_ node: Node, what: String) -> ISODuration? {
        let forms = "Accepted forms: \(DurationText.examples) (ISO 8601), or a number of days."
        guard let text = node.scalar?.string else {
            error("\(what) must be a duration, found \(found(node)). \(forms)", at: node)
            return nil
        }
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let days = Int(text), days <= ScenarioLimits.mostDays else {
                error("\(what) must be at most \(ScenarioLimits.mostDays) days, found '\(text)'", at: node)
                return nil
            }
            guard days > 0 else {
                error("\(what): \(DurationTextError.zero) \(forms)", at: node)
                return nil
            }
            return ISODuration(days: days)
        }
        switch DurationText.parse(text) {
        case let .success(duration):
            return duration
        case let .failure(problem):
            error("\(what): \(problem) \(forms)", at: node)
            return nil
        }
    }

    /// `100x30`, within `ScenarioLimits.smallestScreen` and `largestScreen`.
    mutating func size(_ node: Node, what: String) -> (width: Int, height: Int)? {
        let pieces = node.scalar?.string.split(separator: "x", omittingEmptySubsequences: false) ?? []
        let digits = pieces.count == 2 && pieces.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digits else {
            error("\(what) must be WIDTHxHEIGHT like 100x30, found \(found(node))", at: node)
            return nil
        }
        let smallest = ScenarioLimits.smallestScreen, largest = ScenarioLimits.largestScreen
        guard let width = Int(pieces[0]), let height = Int(pieces[1]),
              (smallest.width...largest.width).contains(width), (smallest.height...largest.height).contains(height) else {
            error("\(what) must be from \(smallest.width)x\(smallest.height) to \(largest.width)x\(largest.height), "
                  + "found \(found(node))", at: node)
            return nil
        }
        return (width, height)
    }

    /// A scalar or a list of scalars.
    mutating func strings(_ node: Node, what: String) -> [(String, Node)]? {
        if node.scalar != nil { return string(node, what: what).map { [($0, node)] } }
        guard let sequence = node.sequence else {
            error("\(what) must be a string or a list of strings, found \(found(node))", at: node)
            return nil
        }
        return sequence.compactMap { item in string(item, what: what).map { ($0, item) } }
    }

    mutating func pendingKind(_ node: Node, what: String) -> PendingAction.Kind? {
        let names = PendingAction.Kind.allCases.map { $0.rawValue.replacingOccurrences(of: "_", with: "-") }
        guard let text = node.scalar?.string,
              let kind = PendingAction.Kind(rawValue: text.replacingOccurrences(of: "-", with: "_")) else {
            error("\(what) must be one of \(names.joined(separator: ", ")), found \(found(node))", at: node)
            return nil
        }
        return kind
    }
}

/// The largest (and smallest) values a scenario file may hold. The runner allocates a screen of
/// the given size, moves clocks by the given durations and loops the given counts, so a value the
/// validator accepts must be one the runner can carry out without overflowing or exhausting memory.
enum ScenarioLimits {
    /// `advance`, `webhook: {delay: …}` and `backend-unreachable-for` as a bare number of days: a
    /// century, as `DurationText` bounds the other forms.
    static let mostDays = 36_500
    /// `size` and `resize`: a terminal no wider or taller than 1000 cells…
    static let largestScreen = (width: 1_000, height: 1_000)
    /// …and no smaller than the storefront's "too small" message can be drawn in.
    static let smallestScreen = (width: 10, height: 4)
    /// Counts and amounts (`times`, `count`, `dropped-receipts`, `price-increase`, `seed`, expected
    /// counts and wallet): large enough for any test, small enough to sum without overflow.
    static let largestNumber = 1_000_000_000
    /// `use: {times: …}`: each use is a keyed write of its own (about a millisecond), so a step
    /// stays within seconds; a limit larger than this is checked by its refusal, not by counting up.
    static let mostUses = 1_000
}
