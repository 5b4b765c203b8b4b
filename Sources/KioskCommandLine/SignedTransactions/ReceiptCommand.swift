import ArgumentParser

/// `kiosk receipt`: tools for the signed transactions (receipts) the simulated store issues.
struct ReceiptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipt",
        abstract: "Inspect signed store transactions.",
        subcommands: [ReceiptListCommand.self, ReceiptRenewalInfoCommand.self, ReceiptVerifyCommand.self]
    )
}
