import PostgresNIO
import Synchronization

/// The name each of the store's statements is prepared under on a storage's connections, and its
/// text as PostgreSQL reads it (placeholders numbered once, not on every run).
///
/// A name stands for one SQL text with one list of bind types (a statement is prepared with the
/// types of its first run; `null` leaves a type to the server), and for one kind of transaction:
/// writes plan with sequential scans off (`PostgresStorage.openingWrite`) and a cached plan keeps
/// whatever setting it was made under, so reads and writes never share one. Names are handed out
/// in order, so two texts never share a name; past `capacity` texts (SQL made with a varying
/// number of placeholders could otherwise grow every connection's statements without end) a
/// statement is sent unnamed, as before.
final class PreparedStatementNames: Sendable {
    struct Key: Hashable {
        let sql: String
        let types: [PostgresDataType]
    }

    struct Prepared: Sendable {
        let name: String
        let sql: String
        /// An INSERT, UPDATE or DELETE prepared with `RETURNING 1` added, so the rows it answers
        /// count the rows it changed: PostgresNIO gives a prepared statement's rows, not its
        /// command tag. A change with a RETURNING of its own is not prepared.
        let countsChangesInRows: Bool
    }

    private let prefix: String
    private let capacity: Int
    private let names = Mutex<[Key: Prepared]>([:])

    init(prefix: String, capacity: Int = 2_000) {
        self.prefix = prefix
        self.capacity = capacity
    }

    /// The statement `sql` (`?` placeholders) with binds of `types` is prepared as; nil once
    /// `capacity` texts have names, or for a change that answers rows of its own.
    func prepared(_ sql: String, types: [PostgresDataType]) throws -> Prepared? {
        let key = Key(sql: sql, types: types)
        if let known = names.withLock({ $0[key] }) { return known.name.isEmpty ? nil : known }
        let numbered = try PostgresPlaceholders.numbered(sql, count: types.count)
        let change = Self.change(sql)
        return names.withLock { names in
            if let known = names[key] { return known.name.isEmpty ? nil : known }
            guard names.count < capacity else { return nil }
            let prepared = switch change {
            case .none: Prepared(name: "\(prefix)\(names.count + 1)", sql: numbered, countsChangesInRows: false)
            case .counted: Prepared(name: "\(prefix)\(names.count + 1)", sql: numbered + "\nRETURNING 1", countsChangesInRows: true)
            case .returningItsOwn: Prepared(name: "", sql: numbered, countsChangesInRows: false)
            }
            names[key] = prepared
            return prepared.name.isEmpty ? nil : prepared
        }
    }

    private enum Change {
        case none, counted, returningItsOwn
    }

    /// Whether `sql` is a change (its first word INSERT, UPDATE or DELETE) and whether `RETURNING
    /// 1` can be added to it (it has no RETURNING and no `;` at its end). The new line before
    /// it ends a trailing `--` comment.
    private static func change(_ sql: String) -> Change {
        let words = sql.uppercased().split(whereSeparator: { !$0.isLetter && $0 != "_" })
        guard let first = words.first, ["INSERT", "UPDATE", "DELETE"].contains(first) else { return .none }
        let ending = sql.last(where: { !$0.isWhitespace })
        return words.contains("RETURNING") || ending == ";" ? .returningItsOwn : .counted
    }
}
