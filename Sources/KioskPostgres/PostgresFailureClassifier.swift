import PostgresNIO

/// Maps what PostgresNIO throws to a `PostgresStoreFailure`, by PostgresNIO's error code and the
/// server's SQLSTATE, never by the wording of a message (which the server localises).
public enum PostgresFailureClassifier {
    /// SQLSTATEs from the PostgreSQL manual's appendix A.
    enum SQLState {
        static let invalidPassword = "28P01"
        static let invalidAuthorization = "28000"
        static let invalidCatalogName = "3D000"
        static let insufficientPrivilege = "42501"
        static let readOnlyTransaction = "25006"
        static let cannotConnectNow = "57P03"
        static let tooManyConnections = "53300"
        static let adminShutdown = "57P01"
    }

    public static func classify(_ error: any Error, at location: PostgresLocation, doing action: String) -> PostgresStoreFailure {
        if let failure = error as? PostgresStoreFailure { return failure }
        guard let error = error as? PSQLError else {
            return PostgresStoreFailure(.other, "cannot \(action) (\(location.summary)): \(error)")
        }
        let serverMessage = error.serverInfo?[.message].map { ": \($0)" } ?? ""
        switch error.code {
        case .server:
            return classifyServer(sqlState: error.serverInfo?[.sqlState] ?? "", serverMessage: serverMessage,
                                  location: location, action: action)
        case .connectionError, .serverClosedConnection, .uncleanShutdown:
            let reason = error.underlying.map { ": \($0)" } ?? ""
            return PostgresStoreFailure(.unreachable, "cannot reach the PostgreSQL server (\(location.endpoint))\(reason)")
        case .authMechanismRequiresPassword:
            return PostgresStoreFailure(.authentication,
                                        "the PostgreSQL server asks \(location.summary) for a password and the URL gives none")
        case .saslError:
            return PostgresStoreFailure(.authentication, "the PostgreSQL server refused the password of \(location.summary)")
        case .sslUnsupported:
            return PostgresStoreFailure(.misconfigured,
                                        "the URL asks for TLS (sslmode=\(location.sslMode.rawValue)) and the PostgreSQL server (\(location.endpoint)) offers none")
        case .unsupportedAuthMechanism:
            return PostgresStoreFailure(.misconfigured,
                                        "the PostgreSQL server asks \(location.summary) for an authentication method Kiosk does not support")
        default:
            return PostgresStoreFailure(.other, "cannot \(action) (\(location.summary)): \(error.code)\(serverMessage)")
        }
    }

    private static func classifyServer(sqlState: String, serverMessage: String, location: PostgresLocation,
                                       action: String) -> PostgresStoreFailure {
        switch sqlState {
        case SQLState.invalidPassword, SQLState.invalidAuthorization:
            PostgresStoreFailure(.authentication, "the PostgreSQL server refused \(location.summary)\(serverMessage)")
        case SQLState.invalidCatalogName:
            PostgresStoreFailure(.missingDatabase,
                                 "the database \(location.database) does not exist on the PostgreSQL server (\(location.endpoint)); create it first (createdb)")
        case SQLState.insufficientPrivilege:
            PostgresStoreFailure(.permission, "cannot \(action): \(location.summary) lacks a privilege\(serverMessage)")
        case SQLState.readOnlyTransaction:
            PostgresStoreFailure(.readOnly, "cannot \(action): the PostgreSQL server (\(location.endpoint)) is read-only\(serverMessage)")
        case SQLState.cannotConnectNow, SQLState.tooManyConnections, SQLState.adminShutdown:
            PostgresStoreFailure(.unreachable, "the PostgreSQL server (\(location.endpoint)) is not accepting connections\(serverMessage)")
        default:
            PostgresStoreFailure(.other, "cannot \(action) (\(location.summary)): SQLSTATE \(sqlState)\(serverMessage)")
        }
    }
}
