/// The libpq `sslmode` values Kiosk understands. `prefer` and `require` encrypt without checking
/// the server's certificate, as libpq does; `verify-full` checks the chain and the host name.
/// TLS does not apply to a Unix socket, where every mode connects in the clear.
public enum PostgresSSLMode: String, Sendable, CaseIterable {
    case disable
    case prefer
    case require
    case verifyFull = "verify-full"
}
