/// Why a database URL was refused, naming the part that is wrong. No case carries the password
/// or the user information it sits in, so no message can quote it.
public enum PostgresLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(length: Int)
    case controlCharacters
    case scheme(String)
    case missingUser
    case badPercentEncoding(part: String)
    case missingHost
    case port(String)
    case missingDatabase
    case unknownParameter(String)
    case malformedParameter(String)
    case socketDirectoryNotAbsolute(String)
    case sslMode(String)
    case sslOverSocket
    case schema(String)

    public var description: String {
        let form = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?host=/socket/dir&sslmode=...]"
        return switch self {
        case .empty:
            "the database URL is empty; expected \(form)"
        case let .tooLong(length):
            "the database URL is \(length) characters long; at most \(PostgresLocation.maximumURLLength) are accepted"
        case .controlCharacters:
            "the database URL contains spaces or control characters"
        case let .scheme(scheme):
            "the database URL's scheme is \"\(scheme)\"; it must be postgres:// or postgresql://"
        case .missingUser:
            "the database URL names no user; expected \(form)"
        case let .badPercentEncoding(part):
            "the database URL's \(part) has a bad percent-encoding (a % must be followed by two hex digits)"
        case .missingHost:
            "the database URL names no host; give one, or a socket directory with ?host=/dir"
        case let .port(port):
            "the database URL's port \"\(port)\" is not a number from 1 to 65535"
        case .missingDatabase:
            "the database URL names no database; expected \(form)"
        case let .unknownParameter(name):
            "the database URL's parameter \"\(name)\" is not supported (supported: host, port, sslmode, schema)"
        case let .malformedParameter(text):
            "the database URL's parameter \"\(text)\" is not of the form name=value"
        case let .socketDirectoryNotAbsolute(directory):
            "the database URL's socket directory \"\(directory)\" is not an absolute path"
        case let .sslMode(mode):
            "the database URL's sslmode \"\(mode)\" is not supported (supported: "
                + PostgresSSLMode.allCases.map(\.rawValue).joined(separator: ", ") + ")"
        case .sslOverSocket:
            "the database URL asks for sslmode=require or verify-full over a Unix socket, where TLS does not apply"
        case let .schema(name):
            "the database URL's schema \"\(name)\" is not a plain name (1 to 63 lowercase letters, digits or _, not starting with a digit or pg_)"
        }
    }
}
