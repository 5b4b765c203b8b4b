import Logging
import PostgresNIO

/// Opens connections to the store's server and turns every failure into a classified
/// `PostgresStoreFailure`.
public enum PostgresConnector {
    /// A logger that drops everything: PostgresNIO's debug output is of no use to a person
    /// running `kiosk`, and a silent default cannot leak anything.
    public static let silentLogger = Logger(label: "kiosk.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body` with a connection to `location`, closing the connection on every path.
    /// Failures of the connection or of `body`'s queries are classified; `action` says what was
    /// being done, for the message (e.g. "migrate the schema").
    public static func withConnection<Result: Sendable>(
        to location: PostgresLocation, doing action: String, logger: Logger = silentLogger,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws(PostgresStoreFailure) -> Result {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: try configuration(for: location), id: 1, logger: logger)
        } catch {
            throw PostgresFailureClassifier.classify(error, at: location, doing: "connect")
        }
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(connection))
        } catch {
            outcome = .failure(error)
        }
        // Closing also ends any transaction `body` left open: the server rolls it back. A failure
        // to close changes nothing the caller can act on (the outcome is decided), so it is logged.
        do {
            try await connection.close()
        } catch {
            logger.debug("closing the PostgreSQL connection failed: \(error)")
        }
        switch outcome {
        case let .success(value): return value
        case let .failure(error): throw PostgresFailureClassifier.classify(error, at: location, doing: action)
        }
    }

    /// How PostgresNIO reaches `location`, for a caller keeping its own connections open.
    public static func configuration(for location: PostgresLocation) throws -> PostgresConnection.Configuration {
        var configuration = switch location.endpoint {
        case .unixSocket:
            PostgresConnection.Configuration(unixSocketPath: location.endpoint.socketPath ?? "",
                                             username: location.user, password: location.password,
                                             database: location.database)
        case let .tcp(host, port):
            PostgresConnection.Configuration(host: host, port: port, username: location.user,
                                             password: location.password, database: location.database,
                                             tls: try tls(for: location.sslMode))
        }
        configuration.options.additionalStartupParameters = startupParameters(for: location)
        return configuration
    }

    /// How a pool of connections (`PostgresClient`) reaches `location`, at most `connections` at once.
    public static func clientConfiguration(for location: PostgresLocation, connections: Int) -> PostgresClient.Configuration {
        var configuration = switch location.endpoint {
        case .unixSocket:
            PostgresClient.Configuration(unixSocketPath: location.endpoint.socketPath ?? "", username: location.user,
                                         password: location.password, database: location.database)
        case let .tcp(host, port):
            PostgresClient.Configuration(host: host, port: port, username: location.user, password: location.password,
                                         database: location.database, tls: clientTLS(for: location.sslMode))
        }
        configuration.options.maximumConnections = max(1, connections)
        configuration.options.additionalStartupParameters = startupParameters(for: location)
        return configuration
    }

    /// A schema is every connection's `search_path`, set as the session starts (a startup
    /// parameter), so no statement names it. A transaction is never left waiting on its client
    /// (none waits for a person), so one idle for a minute is a client cut off mid-transaction
    /// (a network partition): the server ends it, or the feed of every server would wait on it.
    private static func startupParameters(for location: PostgresLocation) -> [(String, String)] {
        [("idle_in_transaction_session_timeout", "60000")] + (location.quotedSchema.map { [("search_path", $0)] } ?? [])
    }

    /// libpq's meaning of each mode: `prefer` and `require` encrypt without checking the
    /// certificate; `verify-full` checks the chain against the system's roots and the host name.
    /// Nil for `disable`; `required` unless the mode is `prefer`.
    private static func tlsSettings(for mode: PostgresSSLMode) -> (configuration: TLSConfiguration, required: Bool)? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if mode == .prefer || mode == .require { configuration.certificateVerification = .none }
        return mode == .disable ? nil : (configuration, mode != .prefer)
    }

    private static func tls(for mode: PostgresSSLMode) throws -> PostgresConnection.Configuration.TLS {
        guard let settings = tlsSettings(for: mode) else { return .disable }
        let context = try NIOSSLContext(configuration: settings.configuration)
        return settings.required ? .require(context) : .prefer(context)
    }

    private static func clientTLS(for mode: PostgresSSLMode) -> PostgresClient.Configuration.TLS {
        guard let settings = tlsSettings(for: mode) else { return .disable }
        return settings.required ? .require(settings.configuration) : .prefer(settings.configuration)
    }
}
