import NIOCore
import PaymentsCore
import PostgresNIO

extension StoredRow {
    /// One PostgreSQL row as the rules read rows: by column name, as `StoreValue`s that mean what
    /// SQLite's would (see `PostgresTransaction`).
    init(_ row: PostgresRow) throws {
        var columns: [String] = []
        var values: [StoreValue] = []
        for cell in row {
            columns.append(cell.columnName)
            values.append(try Self.value(of: cell))
        }
        self.init(columns: columns, values: values)
    }

    private static func value(of cell: PostgresCell) throws -> StoreValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
            case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
            case .float4, .float8: return .real(try cell.decode(Double.self))
            case .text, .varchar, .name, .bpchar: return .text(try cell.decode(String.self))
            case .bytea: return .blob(Array((try cell.decode(ByteBuffer.self)).readableBytesView))
            default:
                throw PaymentsError.storage("column \(cell.columnName) is of PostgreSQL type \(cell.dataType), which the store does not read")
            }
        } catch let error as PaymentsError {
            throw error
        } catch {
            throw PaymentsError.storage("column \(cell.columnName) (\(cell.dataType)) cannot be read: \(error)")
        }
    }
}
