import ArgumentParser
import Foundation

/// The `kiosk` command line: wiring only; every behaviour lives in the libraries.
@main
struct Kiosk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "A terminal storefront and account manager with a simulated store.",
        version: KioskVersion.text,
        subcommands: [
            RunCommand.self, StatusCommand.self, CatalogCommand.self, SeedCommand.self, WebhookCommand.self, RedirectCommand.self,
            ReceiptCommand.self, StoreCommand.self, CheckoutCommand.self, QACommand.self, DemoCommand.self,
            ServeCommand.self, AccountsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Everything kiosk creates (the store, keys, snapshots, preferences, QA transcripts and
    /// reports, exports) holds customers' details or secrets, so it is created owner-only.
    static func main() async {
        umask(0o077)
        await main(nil)
    }
}
