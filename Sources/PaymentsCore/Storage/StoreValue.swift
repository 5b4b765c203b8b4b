import Foundation

/// A value bound to or read from a statement, meaning the same on SQLite and PostgreSQL: integers
/// (money in minor units, times in milliseconds since 1970 UTC, 0/1 flags), doubles, text, bytes.
public enum StoreValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Why a stored value cannot be read as the type asked for: the column and what it held.
public struct StoreValueError: Error, Equatable, CustomStringConvertible {
    public var column: String
    public var expected: String
    public var found: StoreValue

    public var description: String { "column \(column): expected \(expected), found \(found)" }
}

/// A Swift value a statement binds and a row gives back, the same way in both stores.
public protocol StoreValueConvertible: Sendable {
    /// Throws for a value no column can hold (an instant too far out to count in milliseconds).
    func storeValue() throws -> StoreValue
    /// Nil when `value` is not one of this type's.
    init?(storeValue value: StoreValue)
}

extension Int64: StoreValueConvertible {
    public func storeValue() -> StoreValue { .integer(self) }
    public init?(storeValue value: StoreValue) {
        guard case let .integer(number) = value else { return nil }
        self = number
    }
}

extension Int: StoreValueConvertible {
    public func storeValue() -> StoreValue { .integer(Int64(self)) }
    public init?(storeValue value: StoreValue) {
        guard case let .integer(number) = value, let exact = Int(exactly: number) else { return nil }
        self = exact
    }
}

extension Bool: StoreValueConvertible {
    /// 0 or 1, as GRDB writes a `Bool` and the PostgreSQL schema's BIGINT flags hold it.
    public func storeValue() -> StoreValue { .integer(self ? 1 : 0) }
    public init?(storeValue value: StoreValue) {
        guard case let .integer(number) = value else { return nil }
        self = number != 0
    }
}

extension Double: StoreValueConvertible {
    public func storeValue() -> StoreValue { .real(self) }
    public init?(storeValue value: StoreValue) {
        switch value {
        case let .real(number): self = number
        case let .integer(number): self = Double(number)
        default: return nil
        }
    }
}

extension String: StoreValueConvertible {
    public func storeValue() -> StoreValue { .text(self) }
    public init?(storeValue value: StoreValue) {
        guard case let .text(text) = value else { return nil }
        self = text
    }
}

extension Date: StoreValueConvertible {
    /// Milliseconds since 1970, the unit of every time column.
    public func storeValue() throws -> StoreValue { .integer(try milliseconds) }
    public init?(storeValue value: StoreValue) {
        guard case let .integer(milliseconds) = value else { return nil }
        self.init(milliseconds: milliseconds)
    }
}

extension StoreValueConvertible where Self: RawRepresentable, RawValue == String {
    public func storeValue() -> StoreValue { .text(rawValue) }
    public init?(storeValue value: StoreValue) {
        guard case let .text(text) = value else { return nil }
        self.init(rawValue: text)
    }
}
