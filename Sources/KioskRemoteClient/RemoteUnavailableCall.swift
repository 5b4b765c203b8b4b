/// Something the storefront can do on its own data directory but not through this server
/// connection as it is set up; the description says why and what would make it work.
public struct RemoteUnavailableCall: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }

    /// A test-control call without the admin key.
    static func needsAdminKey(_ what: String, server: String) -> RemoteUnavailableCall {
        RemoteUnavailableCall("\(what.prefix(1).uppercased() + what.dropFirst()) needs the server's admin key: "
            + "start the storefront with KIOSK_ADMIN_KEY set (`kiosk serve --print-admin-key` on \(server)).")
    }
}
