import PostgresNIO
import Synchronization

/// The name each of the store's statements is prepared under on a storage's connections, and its
/// text as PostgreSQL reads it (placeholders numbered once, not on every run).
///
/// A name stands for one SQL text with one list of bind types, which the statement is prepared
/// with (a NULL argument's type is left to the server, so each pattern of NULLs is a statement of
/// its own, whose NULL places only ever get NULLs), and for one kind of transaction: writes plan
/// with sequential scans off (`PostgresStorage.openingWrite`) and a cached plan keeps whatever
/// setting it was made under, so reads and writes never share one. Names are handed out in order,
/// so two texts never share a name. Past `capacity` names (SQL made with a varying number of
/// placeholders, or rows of many nullable columns, could otherwise grow every connection's
/// statements without end; a prepared statement costs the server a few kilobytes per
/// connection) a statement is sent unnamed, as before.
final class PreparedStatementNames: Sendable {
    struct Key: Hashable {
        let sql: String
        let types: [PostgresDataType]
    }

    struct Prepared: Sendable {
        let name: String
        let sql: String
        let types: [PostgresDataType]
        let count: Count
    }

    /// How a run of a prepared statement tells how many rows it changed or selected (what
    /// `StoreTransaction.execute` answers): by the rows it answers, since PostgresNIO 1.33's
    /// command-tag overload for prepared statements traps (it asks for the tag before the
    /// statement's end is read).
    enum Count: Sendable {
        /// A SELECT: its rows.
        case rowsSelected
        /// An INSERT, UPDATE or DELETE without a RETURNING of its own, prepared with `RETURNING 1`
        /// added: one row per row changed. (Its rows are nothing else, so it is read unnamed.)
        case rowsReturned
        /// Anything else (WITH, MERGE, a change that returns rows of its own, DDL): only its
        /// command tag tells, so it is run for a count unnamed.
        case commandTagOnly
    }

    private let prefix: String
    private let capacity: Int
    private let names = Mutex<[Key: Prepared]>([:])

    init(prefix: String, capacity: Int = 1_000) {
        self.prefix = prefix
        self.capacity = capacity
    }

    /// The statement `sql` (`?` placeholders) with binds of `types` is prepared as; nil once
    /// `capacity` names are given.
    func prepared(_ sql: String, types: [PostgresDataType]) throws -> Prepared? {
        let key = Key(sql: sql, types: types)
        if let known = names.withLock({ $0[key] }) { return known }
        let numbered = try PostgresPlaceholders.numbered(sql, count: types.count)
        let count = Self.count(of: sql)
        return names.withLock { names in
            if let known = names[key] { return known }
            guard names.count < capacity else { return nil }
            let prepared = Prepared(name: "\(prefix)\(names.count + 1)",
                                    sql: count == .rowsReturned ? numbered + "\nRETURNING 1" : numbered, types: types, count: count)
            names[key] = prepared
            return prepared
        }
    }

    /// By the statement's first word; RETURNING goes after a new line, which ends a trailing
    /// `--` comment. A text with a `;` anywhere (the end of the statement, or text in a literal)
    /// is left to its command tag: RETURNING after a `;` would be a second statement.
    private static func count(of sql: String) -> Count {
        let words = sql.uppercased().split(whereSeparator: { !$0.isLetter && $0 != "_" })
        guard let first = words.first, sql.first(where: { !$0.isWhitespace })?.isLetter == true else { return .commandTagOnly }
        if first == "SELECT" { return .rowsSelected }
        guard ["INSERT", "UPDATE", "DELETE"].contains(first), !words.contains("RETURNING"), !sql.contains(";") else {
            return .commandTagOnly
        }
        return .rowsReturned
    }
}
