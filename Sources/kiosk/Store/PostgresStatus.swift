import ArgumentParser
import KioskPostgres

/// `kiosk status --database URL`: the PostgreSQL server and where its Kiosk schema stands, read
/// without changing anything, so a team can check a shared store before pointing servers at it.
enum PostgresStatus {
    static func run(_ location: PostgresLocation) async throws {
        do throws(PostgresStoreFailure) {
            print(text(try await PostgresMigrator(location: location).status(), at: location))
        } catch {
            Terminal.error("kiosk: \(error)")
            throw ExitCode(error.exitCode)
        }
    }

    static func text(_ status: PostgresSchemaStatus, at location: PostgresLocation) -> String {
        let role = status.server.isInRecovery ? " (a hot standby: read-only)"
            : status.server.isReadOnly ? " (read-only)" : ""
        let schema: String
        if status.recordedVersion == 0 {
            schema = "no Kiosk schema yet (this build's is v\(status.latestVersion)): `kiosk serve --database URL --migrate-only` creates it"
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
