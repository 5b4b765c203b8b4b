import ArgumentParser
import Foundation
import KioskAPI
import KioskCommandLine
import PaymentsCore

/// `kiosk accounts key ID --rotate`: a new API key; the old one stops working at once.
struct AccountsKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Issue a new API key for an account (the old key stops working).",
        discussion: "Keys are stored hashed, so an existing key cannot be shown: --rotate issues a new one."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var remote: RemoteServerOptions

    @Argument(help: "The account id.")
    var accountID: String

    @Flag(help: "Replace the account's key with a new one.")
    var rotate = false

    @Flag(help: #"Print {"id": …, "api_key": …} as JSON."#)
    var json = false

    func validate() throws {
        guard rotate else {
            throw ValidationError("keys are stored hashed and cannot be shown again; pass --rotate to issue a new one")
        }
    }

    func run() async throws {
        if let (url, adminKey) = try remote.remote() {
            let id = accountID
            let rotated = try await RemoteAdmin.call(url: url, adminKey: adminKey) { client in
                switch try await client.rotateAccountKey(path: .init(accountId: id)) {
                case let .created(created): try created.body.json
                case let .default(status, answer): throw RemoteProblem(status: status, problem: try answer.body.applicationProblemJson)
                }
            }
            AccountKeyPrinter.print(id: rotated.id, key: rotated.apiKey, json: json)
            return
        }
        let (service, _, _) = try store.open()
        try await Terminal.reportingFailures {
            let key = try await service.issueAPIKey(accountID: accountID)
            AccountKeyPrinter.print(id: accountID, key: key, json: json)
        }
    }
}
