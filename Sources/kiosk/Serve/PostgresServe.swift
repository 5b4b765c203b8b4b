import ArgumentParser
import Foundation
import KioskPostgres
import KioskPostgresStore
import PaymentsCore
import Simulators

/// `kiosk serve --database URL`: the store's rows in PostgreSQL, brought to this build's schema
/// first (a newer schema, a read-only replica or a bad URL is refused before anything is served).
/// The signing keys, the admin key and the simulators' own files stay in the data directory.
enum PostgresServe {
    /// Applies the migrations. Alone (`--migrate-only`) it prints what it applied; before serving
    /// it reports only what it changed, on standard error, so standard output's first line stays
    /// `Serving on …`.
    static func migrate(_ location: PostgresLocation, migrateOnly: Bool) async throws {
        do throws(PostgresStoreFailure) {
            let report = try await PostgresMigrator(location: location).migrate()
            if migrateOnly {
                print(report)
            } else if !report.applied.isEmpty {
                Terminal.error("kiosk serve: \(report)")
            }
        } catch {
            Terminal.error("kiosk serve: \(error)")
            throw ExitCode(error.exitCode)
        }
    }

    /// The payments core over `location`, its keys in the data directory of `store`; EX_CANTCREAT
    /// when the keys cannot be made, the failure's own code when the database refuses.
    static func open(_ location: PostgresLocation, store: StoreOptions,
                     clock: any KioskClock = SystemClock()) async throws -> (LocalPaymentsService, Catalog) {
        let (catalog, _) = try store.catalog()
        let directory = store.data.directory
        do {
            let cards = try SimulatedCardProcessor(directory: directory)
            let service = try await LocalPaymentsService(storage: PostgresStorage(location: location), keysIn: directory,
                                                         catalog: catalog, clock: clock, cardProcessor: cards)
            return (service, catalog)
        } catch let failure as PostgresStoreFailure {
            Terminal.error("kiosk serve: \(failure)")
            throw ExitCode(failure.exitCode)
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("kiosk serve: cannot open the data directory \(directory.url.path): \(reason)")
            throw ExitCode(73)
        }
    }
}
