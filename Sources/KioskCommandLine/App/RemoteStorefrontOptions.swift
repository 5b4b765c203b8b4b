import ArgumentParser
import Foundation

/// `kiosk run --server URL --token KEY`: the storefront as a client of a running `kiosk serve`,
/// acting as the customer whose API key it is given (`kiosk accounts create` prints one), with
/// the server's admin key from KIOSK_ADMIN_KEY for the QA panel when set.
struct RemoteStorefrontOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A running `kiosk serve` to use instead of the data directory's store (also KIOSK_SERVER).",
                               valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp("The customer's API key for --server; prefer KIOSK_TOKEN, since other users can read command lines.",
                               valueName: "key"))
    var token: String?

    /// The server to use, or nil for the data directory; a bad URL or a missing key is a usage error.
    func remoteServer(environment: [String: String]) throws -> RemoteAddress? {
        guard let address = server ?? environment["KIOSK_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if token != nil { throw ValidationError("--token only applies with --server (or KIOSK_SERVER)") }
            return nil
        }
        guard let url = URL(string: address), let scheme = url.scheme, ["http", "https"].contains(scheme),
              url.host != nil else {
            throw ValidationError("--server must be an http(s) URL such as http://127.0.0.1:8080, not \(address)")
        }
        guard let key = token ?? environment["KIOSK_TOKEN"], !key.isEmpty else {
            throw ValidationError("--server \(address) needs a customer's API key: pass --token KEY or set KIOSK_TOKEN "
                + "(`kiosk accounts create --server \(address)` prints one)")
        }
        let adminKey = environment["KIOSK_ADMIN_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        return RemoteAddress(url: url, token: key, adminKey: adminKey)
    }
}
