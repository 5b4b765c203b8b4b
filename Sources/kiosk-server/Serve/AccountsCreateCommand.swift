import ArgumentParser
import Foundation
import KioskAPI
import KioskCommandLine
import PaymentsCore

/// `kiosk accounts create`: a customer account and its API key.
struct AccountsCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a customer account and print its id and API key.",
        discussion: "Exit 0 created, 1 refused (e.g. the email is taken), 64 usage, 69 server unreachable."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var remote: RemoteServerOptions

    @Option(help: "The customer's name.")
    var name: String

    @Option(help: "The customer's email (unique in the store).")
    var email: String

    @Flag(help: #"Print {"id": …, "api_key": …} as JSON."#)
    var json = false

    func run() async throws {
        if let (url, adminKey) = try remote.remote() {
            let created = try await RemoteAdmin.call(url: url, adminKey: adminKey) { client in
                switch try await client.createAccount(body: .json(.init(name: name, email: email))) {
                case let .created(created): try created.body.json
                case let .default(status, answer): throw RemoteProblem(status: status, problem: try answer.body.applicationProblemJson)
                }
            }
            AccountKeyPrinter.print(id: created.id, key: created.apiKey, json: json)
            return
        }
        let (service, _, _) = try store.open()
        try await Terminal.reportingFailures {
            let account = try await service.createAccount(NewAccount(email: email, name: name))
            let key = try await service.issueAPIKey(accountID: account.id)
            AccountKeyPrinter.print(id: account.id, key: key, json: json)
        }
    }
}
