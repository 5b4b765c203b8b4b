/// One statement's text, written once with `?` placeholders. A dialect fork (the few places the
/// two engines disagree) gives each its own text; the PostgreSQL side numbers the placeholders.
public struct StoreSQL: Sendable, Hashable, ExpressibleByStringLiteral {
    public let sqlite: String
    public let postgres: String

    public init(stringLiteral text: String) {
        sqlite = text
        postgres = text
    }

    public init(_ text: String) {
        self.init(stringLiteral: text)
    }

    public init(sqlite: String, postgres: String) {
        self.sqlite = sqlite
        self.postgres = postgres
    }
}

/// A statement's arguments, in placeholder order.
public struct StoreArguments: Sendable, ExpressibleByArrayLiteral {
    public let values: [(any StoreValueConvertible)?]

    public init(arrayLiteral elements: (any StoreValueConvertible)?...) {
        values = elements
    }

    public init(_ values: [(any StoreValueConvertible)?]) {
        self.values = values
    }

    /// What each placeholder binds; throws for a value no column can hold.
    public func storeValues() throws -> [StoreValue] {
        try values.map { try $0?.storeValue() ?? .null }
    }
}
