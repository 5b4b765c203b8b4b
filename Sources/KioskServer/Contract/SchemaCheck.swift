import Foundation
import KioskAPI

/// Checks a value against a schema of the contract (the JSON Schema keywords the contract uses:
/// types, bounds, patterns, enums, formats, required and unknown properties), naming the first
/// field that breaks a rule. A keyword it does not know is no reason to refuse.
struct SchemaCheck {
    let contract: Contract

    struct Violation: Error, Equatable {
        var field: String
        var rule: String
    }

    func check(_ value: StrictJSON, against schema: StrictJSON, at path: String) -> Violation? {
        let schema = contract.resolve(schema)
        if case let .array(all)? = schema["allOf"] {
            for part in all { if let violation = check(value, against: part, at: path) { return violation } }
        }
        for keyword in ["anyOf", "oneOf"] {
            if case let .array(choices)? = schema[keyword], !choices.isEmpty {
                let violations = choices.map { check(value, against: $0, at: path) }
                if violations.allSatisfy({ $0 != nil }) { return violations.compactMap { $0 }.first }
            }
        }
        if let types = typeNames(schema["type"]), !types.contains(where: { Self.value(value, is: $0) }) {
            return Violation(field: path, rule: "must be \(types.joined(separator: " or "))")
        }
        if case let .array(allowed)? = schema["enum"], !allowed.contains(value) {
            let names = allowed.compactMap { if case let .string(text) = $0 { text } else { nil } }
            return Violation(field: path, rule: names.isEmpty ? "is not one of the allowed values"
                : "must be one of \(names.joined(separator: ", "))")
        }
        if let constant = schema["const"], constant != value {
            return Violation(field: path, rule: "is not the allowed value")
        }
        switch value {
        case let .string(text): return checkString(text, schema, path)
        case let .number(text): return checkNumber(text, schema, path)
        case let .object(members): return checkObject(members, schema, path)
        case let .array(items): return checkArray(items, schema, path)
        case .bool, .null: return nil
        }
    }

    private func typeNames(_ node: StrictJSON?) -> [String]? {
        switch node {
        case let .string(name)?: return [name]
        case let .array(names)?: return names.compactMap { if case let .string(name) = $0 { name } else { nil } }
        default: return nil
        }
    }

    static func value(_ value: StrictJSON, is type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("object", .object), ("array", .array), ("boolean", .bool), ("null", .null),
             ("number", .number):
            return true
        case let ("integer", .number(text)):
            return Int64(text) != nil || (Double(text).map { $0.rounded() == $0 && abs($0) < 9.0e15 } ?? false)
        default:
            return false
        }
    }

    private func checkString(_ text: String, _ schema: StrictJSON, _ path: String) -> Violation? {
        let length = text.unicodeScalars.count
        if let maximum = integer(schema["maxLength"]), length > maximum {
            return Violation(field: path, rule: "must be at most \(maximum) characters (it has \(length))")
        }
        if let minimum = integer(schema["minLength"]), length < minimum {
            return Violation(field: path, rule: "must be at least \(minimum) characters")
        }
        if case let .string(pattern)? = schema["pattern"],
           let expression = try? NSRegularExpression(pattern: pattern),
           expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
            return Violation(field: path, rule: "must match the pattern \(pattern)")
        }
        if case .string("date-time")? = schema["format"], RFC3339DateTranscoder.date(from: text) == nil {
            return Violation(field: path, rule: "must be an RFC 3339 date-time such as 2030-01-01T00:00:00Z")
        }
        return nil
    }

    private func checkNumber(_ text: String, _ schema: StrictJSON, _ path: String) -> Violation? {
        guard let number = Double(text) else { return Violation(field: path, rule: "is not a number") }
        if let minimum = double(schema["minimum"]), number < minimum {
            return Violation(field: path, rule: "must be at least \(schema["minimum"].map(Self.literal) ?? "")")
        }
        if let maximum = double(schema["maximum"]), number > maximum {
            return Violation(field: path, rule: "must be at most \(schema["maximum"].map(Self.literal) ?? "")")
        }
        if let minimum = double(schema["exclusiveMinimum"]), number <= minimum {
            return Violation(field: path, rule: "must be more than \(schema["exclusiveMinimum"].map(Self.literal) ?? "")")
        }
        if let maximum = double(schema["exclusiveMaximum"]), number >= maximum {
            return Violation(field: path, rule: "must be less than \(schema["exclusiveMaximum"].map(Self.literal) ?? "")")
        }
        return nil
    }

    private func checkObject(_ members: [(key: String, value: StrictJSON)], _ schema: StrictJSON,
                             _ path: String) -> Violation? {
        let properties = schema["properties"]
        if case let .array(required)? = schema["required"] {
            for case let .string(name) in required where !members.contains(where: { $0.key == name }) {
                return Violation(field: join(path, name), rule: "is required")
            }
        }
        for member in members {
            let field = join(path, member.key)
            if let property = properties?[member.key] {
                if let violation = check(member.value, against: property, at: field) { return violation }
            } else if case .bool(false)? = schema["additionalProperties"] {
                return Violation(field: Problem.shortPrefix(field), rule: "is not a field of this body")
            } else if let additional = schema["additionalProperties"], case .object = additional,
                      let violation = check(member.value, against: additional, at: field) {
                return violation
            }
        }
        if let maximum = integer(schema["maxProperties"]), members.count > maximum {
            return Violation(field: path, rule: "must have at most \(maximum) entries")
        }
        if let minimum = integer(schema["minProperties"]), members.count < minimum {
            return Violation(field: path, rule: "must have at least \(minimum) entries")
        }
        return nil
    }

    private func checkArray(_ items: [StrictJSON], _ schema: StrictJSON, _ path: String) -> Violation? {
        if let maximum = integer(schema["maxItems"]), items.count > maximum {
            return Violation(field: path, rule: "must have at most \(maximum) items")
        }
        if let minimum = integer(schema["minItems"]), items.count < minimum {
            return Violation(field: path, rule: "must have at least \(minimum) items")
        }
        if let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                if let violation = check(item, against: itemSchema, at: join(path, String(index))) { return violation }
            }
        }
        return nil
    }

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func integer(_ node: StrictJSON?) -> Int? {
        guard case let .number(text)? = node else { return nil }
        return Int(text) ?? Double(text).map { Int($0) }
    }

    private func double(_ node: StrictJSON?) -> Double? {
        guard case let .number(text)? = node else { return nil }
        return Double(text)
    }

    private static func literal(_ node: StrictJSON) -> String {
        if case let .number(text) = node { return text }
        return ""
    }
}
