import ArgumentParser

/// `kiosk checkout`: the simulated hosted checkout, in a browser.
struct CheckoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout",
        abstract: "Run the simulated hosted checkout and pay in a browser.",
        subcommands: [CheckoutServeCommand.self, CheckoutOpenCommand.self]
    )
}
