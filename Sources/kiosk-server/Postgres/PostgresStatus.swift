import ArgumentParser
import KioskCommandLine
import KioskPostgres
import KioskSchema

/// `kiosk status --database URL`: the PostgreSQL server and where its Kiosk schema stands, then,
/// once the schema is current, the same store view as on a data directory (catalog, accounts,
/// and an account's plan, usage and invoices). A schema that is missing, behind or newer, or a
/// read-only server, shows the header alone: the rows are read only through a schema this build
/// knows, and nothing is migrated by a status check.
enum PostgresStatus {
    static func run(_ options: PostgresDatabaseOptions, store: StoreOptions, accountID: String?, json: Bool) async throws {
        guard let location = try options.location(command: "kiosk status") else { return }
        let status: PostgresSchemaStatus
        do throws(PostgresStoreFailure) {
            status = try await PostgresMigrator(location: location).status()
        } catch {
            Terminal.error("kiosk: \(error)")
            throw ExitCode(error.exitCode)
        }
        let database = StatusJSON.DatabaseEntry(
            server: "PostgreSQL \(status.server.serverVersion)", location: location.summary,
            readOnly: status.server.isReadOnly || status.server.isInRecovery,
            schemaVersion: status.recordedVersion, latestSchemaVersion: status.latestVersion)
        guard status.isCurrent, !status.server.isReadOnly, !status.server.isInRecovery else {
            if json { return print(try StatusJSON.DatabaseOnly(database: database).encoded()) }
            return print(text(status, at: location))
        }
        let (service, catalog, _) = try await PostgresStoreOpener(command: "kiosk status").open(location, store: store)
        let session = try await TerminalSession.keeper(for: service, in: store.data.directory)
        if json {
            let (_, source) = try store.catalog()
            let view = try await StatusJSON.make(service: service, session: session, catalog: catalog, source: source,
                                                 directory: store.data.directory, accountID: accountID)
            return print(try view.with(database: database).encoded())
        }
        let report = try await StatusReport.make(service: service, session: session, catalog: catalog, accountID: accountID)
        print(text(status, at: location))
        print("\(catalog.name) — data in database \(location.summary)")
        print(report)
    }

    static func text(_ status: PostgresSchemaStatus, at location: PostgresLocation) -> String {
        let role = status.server.isInRecovery ? " (a hot standby: read-only)"
            : status.server.isReadOnly ? " (read-only)" : ""
        let schema: String
        if status.recordedVersion == 0 {
            schema = "no Kiosk schema yet (this build's is v\(status.latestVersion)): `kiosk serve --database URL --migrate-only` creates it"
        } else if status.recordedVersion < StoreMigrations.baselineVersion {
            schema = "v\(status.recordedVersion), older than v\(StoreMigrations.baselineVersion), the oldest this build upgrades: "
                + "upgrade it with kiosk \(StoreMigrations.lastReleaseWithHistory) first"
        } else if status.recordedVersion < status.latestVersion {
            schema = "v\(status.recordedVersion), behind this build's v\(status.latestVersion): `kiosk serve --database URL --migrate-only` brings it up to date"
        } else if status.recordedVersion > status.latestVersion {
            schema = "v\(status.recordedVersion), newer than this build's v\(status.latestVersion): use a newer kiosk"
        } else {
            schema = "v\(status.recordedVersion), current"
        }
        return "PostgreSQL \(status.server.serverVersion) at \(location.summary)\(role)\nSchema: \(schema)"
    }
}
