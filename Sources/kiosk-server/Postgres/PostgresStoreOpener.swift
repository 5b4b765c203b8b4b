import ArgumentParser
import Foundation
import KioskCommandLine
import KioskPostgres
import KioskPostgresStore
import KioskServer
import KioskSSH
import PaymentsCore
import Simulators

/// A command's store on PostgreSQL (`--database URL`, `KIOSK_DATABASE_URL`): the rows there,
/// brought to this build's schema first (a newer schema, a read-only replica or a bad URL is
/// refused before anything is done). The keys its servers share are kept in the store and copied
/// into each server's data directory; the simulators' own files stay there alone.
struct PostgresStoreOpener {
    /// For messages: "kiosk serve", "kiosk seed".
    let command: String

    /// Applies the migrations. With `printReport` it prints what it applied (`--migrate-only`);
    /// otherwise it reports only what it changed, on standard error, so standard output stays the
    /// command's own (`Serving on …` first).
    func migrate(_ location: PostgresLocation, printReport: Bool) async throws {
        do throws(PostgresStoreFailure) {
            let report = try await PostgresMigrator(location: location).migrate()
            if printReport {
                print(report)
            } else if !report.applied.isEmpty {
                Terminal.error("kiosk: \(report)")
            }
        } catch {
            Terminal.error("kiosk: \(error)")
            throw ExitCode(error.exitCode)
        }
    }

    /// The payments core over `location` (migrated first), its keys in the data directory of
    /// `store`, shared with the store's other servers (`PostgresSharedSecrets`): copied from the
    /// store into a new data directory, made and recorded by the first server. EX_CANTCREAT when
    /// the keys cannot be made, the failure's own code when the database refuses. With
    /// `sshHostKey` the SSH host key is one of them (made by the first server that serves SSH).
    func open(_ location: PostgresLocation, store: StoreOptions, clock: any KioskClock = SystemClock(),
              connectionTimeout: Duration = PostgresStorage.defaultConnectionTimeout,
              sshHostKey: Bool = false) async throws
        -> (service: LocalPaymentsService, catalog: Catalog, adminKey: AdminKey) {
        try await migrate(location, printReport: false)
        let (catalog, _) = try store.catalog()
        let directory = store.data.directory
        do {
            return try await PostgresSharedSecrets(location: location, files: Self.sharedFiles).share(with: directory) {
                if sshHostKey { _ = try SSHHostKey.loadOrCreate(in: directory.url) }
                // Made now, not at the first vaulted card: the store's servers share one key, and
                // only what exists when `share` returns is recorded for the others.
                _ = try CardFingerprintKeyFile(directory).loadOrCreate(using: RandomSource())
                let cards = SimulatedCardProcessor(directory: directory)
                let service = try await LocalPaymentsService(storage: PostgresStorage(location: location, connectionTimeout: connectionTimeout), keysIn: directory,
                                                             catalog: catalog, clock: clock, cardProcessor: cards)
                return (service, catalog, try ServerAdminKey.load(directory))
            }
        } catch let failure as PostgresStoreFailure {
            Terminal.error("kiosk: \(failure)")
            throw ExitCode(failure.exitCode)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            let reason = (error as? PaymentsError)?.userMessage ?? "\(error)"
            Terminal.error("kiosk: cannot open the data directory \(directory.url.path): \(reason)")
            throw ExitCode(73)
        }
    }

    /// What every server of a store must hold alike: both signing chains (each server renews its
    /// own leaf), the card processor's fingerprint key, the admin key and the SSH host key (one
    /// host key for every server behind one address: no "host key changed" warning).
    static let sharedFiles: [PostgresSharedSecrets.File] =
        SigningParty.allCases.flatMap { party in
            party.chainFiles.map { PostgresSharedSecrets.File($0, renewable: $0 == party.renewedFile) }
        } + [PostgresSharedSecrets.File(CardFingerprintKeyFile.fileName), PostgresSharedSecrets.File(AdminKey.fileName),
               PostgresSharedSecrets.File(SSHHostKey.fileName)]
}
