import Foundation

/// Any JSON value, for the parts of a StoreKit configuration whose shape changes between Xcode
/// versions (settings such as `_timeRate`, which is a number in files and a name in Xcode's
/// interface): they are read whatever their type and described in import notes.
public indirect enum StoreKitJSONValue: Hashable, Sendable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number with a fraction, kept exact.
    case decimal(Decimal)
    case string(String)
    case array([StoreKitJSONValue])
    case object([String: StoreKitJSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .decimal(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([StoreKitJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: StoreKitJSONValue].self))
        }
    }

    /// Whether the value asks for nothing: false, zero, null, or an empty text, list or object.
    /// Settings left at such a value need no note.
    public var isUnset: Bool {
        switch self {
        case .null: true
        case let .bool(value): !value
        case let .integer(value): value == 0
        case let .decimal(value): value.isZero
        case let .string(value): value.isEmpty
        case let .array(values): values.isEmpty
        case let .object(values): values.isEmpty
        }
    }

    /// Compact JSON-like text for notes: `true`, `6`, `'USA'`, `[…2 items]`.
    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(value): "\(value)"
        case let .integer(value): "\(value)"
        case let .decimal(value): "\(value)"
        case let .string(value): "'\(value)'"
        case let .array(values): "[\(values.count) item\(values.count == 1 ? "" : "s")]"
        case let .object(values): "{\(values.keys.sorted().joined(separator: ", "))}"
        }
    }
}
