import ArgumentParser
import Foundation
import KioskCommandLine
import PaymentsCore

/// `kiosk accounts ssh-keys ID --add KEY | --remove FINGERPRINT | --list`: the SSH keys that sign
/// in as an account, so an API customer and an SSH customer can be one person.
struct AccountsSSHKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ssh-keys",
        abstract: "Bind SSH keys to an account (kiosk serve --ssh-port signs them in as it), remove or list them.",
        discussion: """
            --add takes a public key line as in a .pub file ("ssh-ed25519 AAAA… comment"); ed25519 and \
            ECDSA keys only (RSA keys cannot sign in: make one with `ssh-keygen -t ed25519`). A key \
            belongs to one account. --remove takes the fingerprint --list shows (SHA256:…). \
            Exit 0 done, 1 refused, 64 usage.
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var postgres: PostgresDatabaseOptions

    @Argument(help: "The account id.")
    var accountID: String

    @Option(help: "A public key line to bind to the account.")
    var add: String?

    @Option(help: "The fingerprint (SHA256:…) of a key to unbind.")
    var remove: String?

    @Flag(help: "List the account's keys.")
    var list = false

    @Flag(help: "Print the keys as JSON.")
    var json = false

    func validate() throws {
        guard [add != nil, remove != nil, list].filter({ $0 }).count == 1 else {
            throw ValidationError("pass exactly one of --add KEY, --remove FINGERPRINT or --list")
        }
    }

    func run() async throws {
        let (service, _, _) = try await postgres.openStore(store, command: "kiosk accounts ssh-keys")
        try await Terminal.reportingFailures {
            if let add {
                let binding = try await service.bindSSHKey(try SSHPublicKey(openSSHLine: add), to: accountID)
                print("\(binding.fingerprint) signs in as \(accountID)")
            } else if let remove {
                try await service.removeSSHKey(fingerprint: remove, from: accountID)
                print("\(remove) removed from \(accountID)")
            } else {
                let keys = try await service.sshKeys(of: accountID)
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    encoder.dateEncodingStrategy = .iso8601
                    print(String(decoding: try encoder.encode(keys), as: UTF8.self))
                } else if keys.isEmpty {
                    print("No SSH keys for \(accountID).")
                } else {
                    for key in keys { print("\(key.fingerprint)  \(key.publicKey.prefix { $0 != " " })") }
                }
            }
        }
    }
}
