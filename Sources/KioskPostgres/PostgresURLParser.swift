/// Parses libpq-style URLs into a `PostgresLocation` (see there for the accepted forms).
///
/// Hand-written rather than Foundation's `URLComponents`, which rejects a percent-encoded socket
/// path as a host. The user information ends at the URL's last `@`, so a password holding an
/// unencoded `/`, `?` or `:` stays inside it and can never leak into the host, port or parameter
/// that an error message quotes.
enum PostgresURLParser {
    static func parse(_ text: String) throws(PostgresLocationError) -> PostgresLocation {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= PostgresLocation.maximumURLLength else { throw .tooLong(length: text.utf8.count) }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw .controlCharacters }
        guard let schemeEnd = text.firstRange(of: "://") else { throw .scheme(String(text.prefix(while: { $0 != ":" }).prefix(20))) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "postgres" || scheme == "postgresql" else { throw .scheme(String(scheme.prefix(20))) }
        let afterScheme = text[schemeEnd.upperBound...]

        guard let at = afterScheme.lastIndex(of: "@") else { throw .missingUser }
        let (user, password) = try credentials(afterScheme[..<at])
        let rest = afterScheme[afterScheme.index(after: at)...]

        let beforeQuery = rest.prefix(while: { $0 != "?" })
        let query = rest.dropFirst(beforeQuery.count + 1)
        let hostAndPort = beforeQuery.prefix(while: { $0 != "/" })
        let path = beforeQuery.dropFirst(hostAndPort.count + 1)
        guard !path.isEmpty else { throw .missingDatabase }
        let database = try decode(path, part: "database name")
        guard !database.isEmpty else { throw .missingDatabase }

        var (host, port) = try splitHostAndPort(hostAndPort)
        var sslMode = PostgresSSLMode.prefer
        var schema: String?
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = parameter.firstIndex(of: "=") else { throw .malformedParameter(String(parameter.prefix(40))) }
            let name = try decode(parameter[..<equals], part: "parameter name")
            let value = try decode(parameter[parameter.index(after: equals)...], part: "parameter \(name)")
            switch name {
            case "host": host = value
            case "port": port = try parsePort(value)
            case "sslmode":
                guard let mode = PostgresSSLMode(rawValue: value) else { throw .sslMode(String(value.prefix(40))) }
                sslMode = mode
            case "schema":
                guard PostgresLocation.isSchemaName(value) else { throw .schema(String(value.prefix(70))) }
                schema = value
            default: throw .unknownParameter(String(name.prefix(40)))
            }
        }
        guard !host.isEmpty else { throw .missingHost }
        let endpoint: PostgresEndpoint
        if host.hasPrefix("/") {
            endpoint = .unixSocket(directory: host, port: port)
            guard sslMode == .disable || sslMode == .prefer else { throw .sslOverSocket }
        } else if host.contains("/") {
            throw .socketDirectoryNotAbsolute(String(host.prefix(200)))
        } else {
            endpoint = .tcp(host: host, port: port)
        }
        return PostgresLocation(user: user, password: password, endpoint: endpoint, database: database, sslMode: sslMode,
                                schema: schema)
    }

    /// `USER[:PASSWORD]`, each percent-decoded. Errors here name the part, never its text.
    private static func credentials(_ userInfo: Substring) throws(PostgresLocationError) -> (String, String?) {
        let userPart = userInfo.prefix(while: { $0 != ":" })
        let user = try decode(userPart, part: "user")
        guard !user.isEmpty else { throw .missingUser }
        guard userPart.count < userInfo.count else { return (user, nil) }
        return (user, try decode(userInfo.dropFirst(userPart.count + 1), part: "password"))
    }

    /// `HOST[:PORT]` or `[IPv6][:PORT]`; an empty host is allowed here (`?host=` may give it).
    private static func splitHostAndPort(_ text: Substring) throws(PostgresLocationError) -> (String, Int) {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .missingHost }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let afterHost = text[text.index(after: close)...]
            guard !afterHost.isEmpty else { return (host, PostgresEndpoint.defaultPort) }
            guard afterHost.hasPrefix(":") else { throw .port(String(afterHost.prefix(20))) }
            return (host, try parsePort(afterHost.dropFirst()))
        }
        guard let colon = text.lastIndex(of: ":") else {
            return (try decode(text, part: "host"), PostgresEndpoint.defaultPort)
        }
        return (try decode(text[..<colon], part: "host"), try parsePort(text[text.index(after: colon)...]))
    }

    private static func parsePort<Text: StringProtocol>(_ text: Text) throws(PostgresLocationError) -> Int {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
              let port = Int(text), (1...65_535).contains(port)
        else { throw .port(String(text.prefix(20))) }
        return port
    }

    /// Percent-decodes `text` as UTF-8; a `%` not followed by two hex digits, or bytes that are
    /// not UTF-8, are refused naming `part`.
    private static func decode(_ text: Substring, part: String) throws(PostgresLocationError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { throw .badPercentEncoding(part: part) }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .badPercentEncoding(part: part) }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
