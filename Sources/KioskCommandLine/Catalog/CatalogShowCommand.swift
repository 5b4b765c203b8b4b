import ArgumentParser
import Foundation
import KioskResources
import PaymentsCore

/// `kiosk catalog show`: the catalog in effect, as an overview or as JSON.
struct CatalogShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the catalog in effect.",
        discussion: """
            The catalog in effect is --catalog FILE, else <data dir>/catalog.yaml if it exists, \
            else the default shipped with Kiosk. A broken catalog is reported (exit 65), never \
            replaced by the default. --json prints a file that is itself a valid catalog.
            """
    )

    @Flag(help: "Print JSON (a valid catalog file) instead of the overview.")
    var json = false

    @Option(help: "Show this catalog file instead of the one in effect.")
    var catalog: String?

    @OptionGroup var dataDirectory: DataDirectoryOptions

    func run() throws {
        let result = CatalogSource.loadCatalog(explicitPath: catalog, dataDirectory: dataDirectory.directory,
                                               defaultURL: KioskResources.defaultCatalogURL)
        let loaded: Catalog
        let source: CatalogSource
        switch result {
        case let .success((catalog, origin)):
            loaded = catalog
            source = origin
        case let .failure(failure):
            throw CatalogExitStatus.report(failure)
        }
        if json {
            print(try Self.json(loaded))
        } else {
            print(CatalogOverview(catalog: loaded, source: source).text, terminator: "")
        }
    }

    /// Sorted keys and ISO 8601 dates so the output is stable and loads back as a catalog.
    static func json(_ catalog: Catalog) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(catalog), as: UTF8.self)
    }
}
