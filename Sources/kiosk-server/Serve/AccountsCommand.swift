import ArgumentParser
import Foundation
import KioskCommandLine

/// `kiosk accounts`: customer accounts and their API keys.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Create customer accounts and manage their API and SSH keys.",
        subcommands: [AccountsCreateCommand.self, AccountsKeyCommand.self, AccountsSSHKeysCommand.self]
    )
}

/// How `kiosk accounts` shows a new key: once, since only its hash is kept.
enum AccountKeyPrinter {
    static func print(id: String, key: String, json: Bool) {
        if json {
            let escapedID = id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            Swift.print(#"{"api_key":"\#(key)","id":"\#(escapedID)"}"#)
        } else {
            Swift.print("Account: \(id)")
            Swift.print("API key: \(key)")
            Swift.print("Keep the key now: only its hash is stored, so it cannot be shown again.")
        }
    }
}

/// `--server URL`: act on a running `kiosk serve` with the admin key instead of a data directory.
struct RemoteServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A running `kiosk serve` to act on (its admin key in KIOSK_ADMIN_KEY).", valueName: "url"))
    var server: String?

    /// The server's URL and the admin key, or nil to work on the data directory.
    func remote() throws -> (URL, String)? {
        guard let server else { return nil }
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server must be an http(s) URL such as http://127.0.0.1:8080")
        }
        guard let key = ProcessInfo.processInfo.environment["KIOSK_ADMIN_KEY"], !key.isEmpty else {
            throw ValidationError("--server needs the server's admin key in KIOSK_ADMIN_KEY (`kiosk serve --print-admin-key`)")
        }
        return (url, key)
    }
}
