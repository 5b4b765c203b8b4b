import ArgumentParser

/// `kiosk catalog …`: checking and showing the catalog the store sells from.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Validate or show the store catalog.",
        subcommands: [CatalogValidateCommand.self, CatalogShowCommand.self]
    )
}
