/// Where the shared store lives and who Kiosk is there: what a libpq-style URL says.
///
/// Accepted forms: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?PARAMETERS]` (also
/// `postgresql://`), where HOST may be a percent-encoded socket directory (`%2Fvar%2Frun%2Fpostgresql`)
/// and the parameters are `host=` (a socket directory, or a host name that replaces the one
/// before), `port=`, `sslmode=` (`disable`, `prefer`, `require`, `verify-full`; libpq's default
/// `prefer`) and `schema=` (as Prisma's URLs have it: the store's tables live in that schema,
/// so one database can hold several stores). The port defaults to 5432.
///
/// The password never leaves this type in text: `description`, `debugDescription` and the
/// mirror show `***` in its place, so a location can be interpolated into any message or log.
public struct PostgresLocation: Sendable, Equatable {
    public let user: String
    /// Kept only to hand to the connection; never printed.
    let password: String?
    public let endpoint: PostgresEndpoint
    public let database: String
    public let sslMode: PostgresSSLMode
    /// The schema holding the store's tables (each connection's `search_path`); nil for the
    /// server's default (`public`).
    public let schema: String?

    public init(user: String, password: String?, endpoint: PostgresEndpoint, database: String,
                sslMode: PostgresSSLMode = .prefer, schema: String? = nil) {
        self.user = user
        self.password = password
        self.endpoint = endpoint
        self.database = database
        self.sslMode = sslMode
        self.schema = schema
    }

    /// The schema as an SQL identifier, quoted, so any name given to `init` is safe to write
    /// into a statement or a `search_path`.
    public var quotedSchema: String? {
        schema.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    }

    /// What a URL may name: a plain identifier (the same quoted or not) that is not the server's
    /// own (`pg_…`).
    public static func isSchemaName(_ name: String) -> Bool {
        guard (1...63).contains(name.utf8.count), !name.hasPrefix("pg_"), let first = name.utf8.first,
              !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// Longer than any real URL, short enough that a pasted file is refused before it is scanned.
    public static let maximumURLLength = 4_096

    /// Parses `text`, or throws an error naming the part that is wrong (never quoting the password).
    public init(url text: String) throws(PostgresLocationError) {
        self = try PostgresURLParser.parse(text)
    }

    /// The same place as another database (the tests make one database per test).
    public func with(database: String) -> PostgresLocation {
        PostgresLocation(user: user, password: password, endpoint: endpoint, database: database, sslMode: sslMode,
                         schema: schema)
    }

    /// The same place with other credentials.
    public func with(user: String, password: String?) -> PostgresLocation {
        PostgresLocation(user: user, password: password, endpoint: endpoint, database: database, sslMode: sslMode,
                         schema: schema)
    }

    /// The same database, another schema (nil: the server's default).
    public func with(schema: String?) -> PostgresLocation {
        PostgresLocation(user: user, password: password, endpoint: endpoint, database: database, sslMode: sslMode,
                         schema: schema)
    }

    /// What a message names: user, server and database, e.g.
    /// `user kiosk, database kiosk on socket /tmp/pg/.s.PGSQL.5432`.
    public var summary: String {
        "user \(user), database \(database)\(schema.map { ", schema \($0)" } ?? "") on \(endpoint)"
    }
}

extension PostgresLocation: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The URL with the password replaced by `***`.
    public var description: String {
        let credentials = password == nil ? user : "\(user):***"
        let address: String
        var parameters: [String] = []
        switch endpoint {
        case let .tcp(host, port):
            address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case let .unixSocket(directory, port):
            address = "localhost:\(port)"
            parameters.append("host=\(directory)")
        }
        if sslMode != .prefer { parameters.append("sslmode=\(sslMode.rawValue)") }
        if let schema { parameters.append("schema=\(schema)") }
        let query = parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
        return "postgres://\(credentials)@\(address)/\(database)\(query)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["url": description])
    }
}
