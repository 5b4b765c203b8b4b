/// Why a file could not be imported at all. Everything short of these is imported as far as
/// possible and reported as `StoreKitImportNote`s.
public enum StoreKitImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON(String)
    /// JSON, but not a StoreKit configuration file (a different JSON document).
    case notAConfiguration(String)
    /// A value of the wrong type at a JSON path such as `products[2].displayPrice`.
    case invalidValue(path: String, message: String)
    /// `--group` named a subscription group the file does not have.
    case unknownGroup(String, available: [String])

    public var description: String {
        switch self {
        case let .invalidJSON(reason):
            "not valid JSON: \(reason)"
        case let .notAConfiguration(reason):
            "not a StoreKit configuration file: \(reason)"
        case let .invalidValue(path, message):
            "\(path): \(message)"
        case let .unknownGroup(name, available):
            "no subscription group '\(name)' in the file; groups: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
        }
    }

    /// Names the JSON path and what was expected there, instead of `DecodingError`'s
    /// Swift-flavoured wording.
    init(_ error: DecodingError) {
        switch error {
        case let .typeMismatch(type, context):
            self = context.codingPath.isEmpty
                ? .notAConfiguration("the top level is not a JSON object")
                : .invalidValue(path: Self.path(context.codingPath), message: "expected \(Self.describe(type))")
        case let .valueNotFound(type, context):
            self = .invalidValue(path: Self.path(context.codingPath),
                                 message: "expected \(Self.describe(type)), found null")
        case let .keyNotFound(key, context):
            self = .invalidValue(path: Self.path(context.codingPath + [key]), message: "missing")
        case let .dataCorrupted(context):
            let underlying = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            self = context.codingPath.isEmpty
                ? .invalidJSON(underlying)
                : .invalidValue(path: Self.path(context.codingPath), message: context.debugDescription)
        @unknown default:
            self = .invalidJSON("\(error)")
        }
    }

    /// `subscriptionGroups[0].subscriptions[1].displayPrice`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the top level" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "an integer"
        default: "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

/// Something in a StoreKit configuration that was not imported, or was imported by inference
/// and deserves a look, with the reason: imports never drop anything silently.
public struct StoreKitImportNote: Hashable, Sendable, CustomStringConvertible {
    /// What the note is about, located in the source file: `subscriptionGroups[1] 'Family'`,
    /// `adHocOffers 'promo1' on 'pro.monthly'`, `settings._askToBuyEnabled = true`.
    public var subject: String
    public var message: String

    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String { "\(subject): \(message)" }
}
