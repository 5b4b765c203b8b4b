/// One row a statement gave back, read by column name.
public protocol StoreRow {
    /// The selected columns' names, in order.
    var storeColumnNames: [String] { get }
    /// The column's value; a column the statement did not select is a storage error.
    func storeValue(_ column: String) throws -> StoreValue
    /// The first column's value, for statements that select one thing.
    func firstStoreValue() throws -> StoreValue
}

extension StoreRow {
    /// The column as `T`; NULL or a value of another type is an error naming the column.
    public func get<T: StoreValueConvertible>(_ column: String, as type: T.Type = T.self) throws -> T {
        let value = try storeValue(column)
        guard let decoded = T(storeValue: value) else {
            throw StoreValueError(column: column, expected: "\(T.self)", found: value)
        }
        return decoded
    }

    /// The column as `T`, or nil for NULL.
    public func get<T: StoreValueConvertible>(_ column: String, as type: T?.Type = T?.self) throws -> T? {
        let value = try storeValue(column)
        if value == .null { return nil }
        guard let decoded = T(storeValue: value) else {
            throw StoreValueError(column: column, expected: "\(T.self) or NULL", found: value)
        }
        return decoded
    }
}

/// What a fetch can build from a row: a record, or (for one-column statements) a scalar.
public protocol StoreDecodable {
    init(storeRow row: some StoreRow) throws
}

extension StoreDecodable where Self: StoreValueConvertible {
    /// A scalar is the statement's first column; NULL or another type is an error.
    public init(storeRow row: some StoreRow) throws {
        let value = try row.firstStoreValue()
        guard let decoded = Self(storeValue: value) else {
            throw StoreValueError(column: "1", expected: "\(Self.self)", found: value)
        }
        self = decoded
    }
}

extension Int64: StoreDecodable {}
extension Int: StoreDecodable {}
extension Bool: StoreDecodable {}
extension String: StoreDecodable {}
