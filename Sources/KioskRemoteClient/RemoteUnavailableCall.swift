/// Something the storefront can do on its own data directory but not through this server
/// connection; the description says why and what would make it work.
public struct RemoteUnavailableCall: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    /// A test-control call without the admin key.
    static func needsAdminKey(_ what: String, server: String) -> RemoteUnavailableCall {
        RemoteUnavailableCall("\(what.prefix(1).uppercased() + what.dropFirst()) needs the server's admin key: "
            + "start the storefront with KIOSK_ADMIN_KEY set (`kiosk serve --print-admin-key` on \(server)).")
    }

    /// A call the server's contract has no operation for yet.
    static func notServed(_ what: String, server: String) -> RemoteUnavailableCall {
        RemoteUnavailableCall("\(what.prefix(1).uppercased() + what.dropFirst()) is not available on a storefront "
            + "connected to \(server); use `kiosk run` on the server's data directory for it.")
    }
}
