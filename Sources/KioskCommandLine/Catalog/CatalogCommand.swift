import ArgumentParser

/// `kiosk catalog …`: checking, showing and importing the catalog the store sells from.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Validate, show or import the store catalog.",
        subcommands: [CatalogValidateCommand.self, CatalogShowCommand.self, CatalogImportCommand.self]
    )
}
