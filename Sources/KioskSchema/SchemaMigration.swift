/// One step of the store's schema, written once for both engines: statements both run (in
/// SQLite's words, translated by `SQLDialect`) and, where the engines differ, each one's own.
///
/// A part's text holds one or more statements, each ending with `;` at the end of a line.
public struct SchemaMigration: Sendable {
    /// Statements and the engines that run them, in the order they run.
    public enum Part: Sendable {
        /// Both engines, PostgreSQL's through `SQLDialect.translate(_:)`.
        case both(String)
        /// SQLite only, as written.
        case sqlite(String)
        /// PostgreSQL only, as written.
        case postgres(String)
    }

    /// The name each engine records the step under (`v2-simulated-store`): GRDB's
    /// `grdb_migrations`, PostgreSQL's `kiosk_schema_versions`.
    public let id: String
    public let parts: [Part]

    public init(_ id: String, _ parts: [Part]) {
        self.id = id
        self.parts = parts
    }

    /// The statements `dialect` runs, one by one, without their final `;`.
    public func statements(in dialect: SQLDialect) -> [String] {
        parts.flatMap { part -> [String] in
            switch (part, dialect) {
            case (.both(let text), _): Self.split(text).map(dialect.translate)
            case (.sqlite(let text), .sqlite), (.postgres(let text), .postgres): Self.split(text)
            case (.sqlite, .postgres), (.postgres, .sqlite): []
            }
        }
    }

    /// A part's text cut at each `;` that ends a line.
    private static func split(_ text: String) -> [String] {
        text.split(separator: /;[ \t]*(\n|$)/).map { statement in
            String(statement.drop { $0.isWhitespace })
        }.filter { !$0.isEmpty }
    }
}
