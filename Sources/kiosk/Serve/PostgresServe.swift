import ArgumentParser
import Foundation
import KioskPostgres

/// What `kiosk serve --database URL` does in this build: migrate the PostgreSQL schema, and
/// refuse to serve, because the payments rules run on the SQLite store only so far.
enum PostgresServe {
    /// Applies the migrations, printing what it applied; with `migrateOnly` false it then refuses
    /// with EX_CONFIG rather than pretend to serve from PostgreSQL.
    static func run(_ location: PostgresLocation, migrateOnly: Bool) async throws {
        guard migrateOnly else {
            Terminal.error("""
                kiosk serve: serving from PostgreSQL is not available in this build yet (the payments rules \
                run on the SQLite store only); use `kiosk serve --database URL --migrate-only` to prepare \
                \(location.summary), or serve without --database / KIOSK_DATABASE_URL
                """)
            throw ExitCode(78)
        }
        do throws(PostgresStoreFailure) {
            let report = try await PostgresMigrator(location: location).migrate()
            print(report)
        } catch {
            Terminal.error("kiosk serve: \(error)")
            throw ExitCode(error.exitCode)
        }
    }
}
