import ArgumentParser

/// `kiosk redirect`: tools around hosted-checkout redirects.
struct RedirectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redirect",
        abstract: "Inspect hosted-checkout redirect URLs.",
        subcommands: [RedirectClassifyCommand.self]
    )
}
