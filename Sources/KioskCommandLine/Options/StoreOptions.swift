import ArgumentParser
import Foundation
import KioskResources
import PaymentsCore
import Simulators

/// `--data-dir` and `--catalog`: everything needed to open the store a command works on.
package struct StoreOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var data: DataDirectoryOptions

    @Option(name: .customLong("catalog"), help: "Catalog file (default: <data dir>/catalog.yaml, else the embedded default).")
    package var catalogPath: String?

    /// The catalog in effect, or a clear report and EX_DATAERR / EX_NOINPUT.
    package func catalog() throws -> (Catalog, CatalogSource) {
        switch CatalogSource.loadCatalog(explicitPath: catalogPath, dataDirectory: data.directory,
                                         defaultURL: KioskResources.defaultCatalogURL,
                                         cache: CatalogCache(directory: data.directory)) {
        case let .success(loaded):
            return loaded
        case let .failure(failure):
            Terminal.error(failure.description)
            if case .invalid = failure { throw ExitCode(65) }
            throw ExitCode(66)
        }
    }

    /// Opens the store and runs what fell due on the real clock, for a command that promises the
    /// current state: reads no longer catch up on their own (the scheduler of `kiosk serve` and
    /// `kiosk run` does it), and a one-shot command has no scheduler to wait for.
    package func openUpToDate(connections: StoreDatabase.Connections = .pool,
                      existingOnly: Bool = false) async throws -> (LocalPaymentsService, Catalog, CatalogSource) {
        let opened = try open(connections: connections, existingOnly: existingOnly)
        do {
            try await opened.0.runDueWork()
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("kiosk: cannot bring the store in \(data.directory.url.path) up to date: \(reason)")
            throw ExitCode((error as? PaymentsError)?.storeFileFailure?.exitCode ?? 73)
        }
        return opened
    }

    /// Opens (creating if needed) the store of the data directory, or exits with EX_CANTCREAT.
    /// A pool unless `connections` says otherwise: its opening commits (see
    /// `StoreDatabase.Connections`), so a command meant to change the store learns at once that
    /// the file is read-only or its last pages damaged, before it names what it is about to do.
    /// `existingOnly` refuses, with EX_NOINPUT, a data directory that holds no store: a command
    /// that only reads must not leave an empty store behind a mistyped `--data-dir` (a broken
    /// catalog is reported first, as it would be with a store).
    package func open(clock: any KioskClock = SystemClock(), connections: StoreDatabase.Connections = .pool,
              existingOnly: Bool = false) throws -> (LocalPaymentsService, Catalog, CatalogSource) {
        let (catalog, source) = try catalog()
        let directory = data.directory
        if existingOnly && !FileManager.default.fileExists(atPath: directory.databaseURL.path) {
            let place = FileManager.default.fileExists(atPath: directory.url.path) ? "holds no store" : "does not exist"
            Terminal.error("kiosk: \(directory.url.path) \(place); `kiosk run` or `kiosk seed` creates a store there")
            throw ExitCode(66)
        }
        do {
            // The sandbox's card processor, the simulated Stripe test mode the store charges through.
            let cards = SimulatedCardProcessor(directory: directory)
            return (try LocalPaymentsService(directory: directory, catalog: catalog, clock: clock, cardProcessor: cards,
                                             connections: connections),
                    catalog, source)
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("kiosk: cannot open the data directory \(directory.url.path): \(reason)")
            throw ExitCode((error as? PaymentsError)?.storeFileFailure?.exitCode ?? 73)
        }
    }

    /// The sandbox's hosted-checkout provider beside the store of the data directory, reaching it
    /// through `merchant`'s API and vaulting through the same card processor (its own connection
    /// opens on first use, so launching reads and opens nothing more).
    package func openCheckoutProvider(merchant: LocalPaymentsService, catalog: Catalog,
                              clock: any KioskClock = SystemClock()) -> SimulatedCheckoutProvider {
        SimulatedCheckoutProvider(directory: data.directory, merchant: merchant, cardProcessor: merchant.cardProcessor,
                                  catalog: catalog, clock: clock)
    }

    /// The sandbox's App Store beside the store of the data directory (its purchase sheet, the
    /// device's receipts, its notifications), its records in the same database.
    package func openAppStore(beside merchant: LocalPaymentsService) -> SimulatedAppStore {
        SimulatedAppStore(beside: merchant)
    }

    /// The tester's levers over the store and its App Store (controls, pending actions, resets).
    package func openDesk(beside merchant: LocalPaymentsService) -> TestControlDesk {
        TestControlDesk(merchant: merchant, appStore: openAppStore(beside: merchant))
    }
}

/// `--data-dir`, shared by every command that opens the store.
package struct DataDirectoryOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("data-dir"),
            help: "Data directory (default: $KIOSK_DATA_DIR, else $XDG_DATA_HOME/kiosk, else ~/.local/share/kiosk).")
    package var dataDir: String?

    package var directory: DataDirectory {
        DataDirectory.resolve(explicit: dataDir, environment: ProcessInfo.processInfo.environment)
    }
}
