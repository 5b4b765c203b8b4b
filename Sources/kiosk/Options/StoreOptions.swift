import ArgumentParser
import Foundation
import KioskResources
import PaymentsCore

/// `--data-dir` and `--catalog`: everything needed to open the store a command works on.
struct StoreOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("catalog"), help: "Catalog file (default: <data dir>/catalog.yaml, else the embedded default).")
    var catalogPath: String?

    /// The catalog in effect, or a clear report and EX_DATAERR / EX_NOINPUT.
    func catalog() throws -> (Catalog, CatalogSource) {
        switch CatalogSource.loadCatalog(explicitPath: catalogPath, dataDirectory: data.directory,
                                         defaultURL: KioskResources.defaultCatalogURL) {
        case let .success(loaded):
            return loaded
        case let .failure(failure):
            Terminal.error(failure.description)
            if case .invalid = failure { throw ExitCode(65) }
            throw ExitCode(66)
        }
    }

    /// Opens (creating if needed) the store of the data directory, or exits with EX_CANTCREAT.
    func open(clock: any KioskClock = SystemClock()) throws -> (LocalPaymentsService, Catalog, CatalogSource) {
        let (catalog, source) = try catalog()
        let directory = data.directory
        do {
            return (try LocalPaymentsService(directory: directory, catalog: catalog, clock: clock), catalog, source)
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("cannot open the data directory \(directory.url.path): \(reason)")
            throw ExitCode(73)
        }
    }
}
