import Foundation
import KioskPostgres
@testable import PaymentsCore
import Testing

/// Every counter of the store is a PostgreSQL sequence object after migrating, and a store
/// migrated from rows carries on counting where the rows were.
@Suite("PostgreSQL store sequences", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct StoreSequenceTests {
    @Test func everyCounterIsASequenceObject() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            let made = try await TestCluster.strings("SELECT sequence_name FROM information_schema.sequences", at: location)
            for sequence in StoreSequence.allCases {
                #expect(made.contains("kiosk_seq_" + sequence.rawValue.lowercased()), "no sequence for \(sequence)")
            }
        }
    }

    @Test func aMigratedStoreCarriesOnFromItsRows() async throws {
        try await TestCluster.withDatabase { location in
            let beforeObjects = PostgresStoreSchema.migrations.prefix { $0.name != "v23-sequence-objects" }
            _ = try await PostgresMigrator(location: location, migrations: Array(beforeObjects)).migrate()
            try await TestCluster.execute(["INSERT INTO sequences(name, value) VALUES ('INV', 41), ('acct', 7)"], at: location)
            _ = try await PostgresMigrator(location: location).migrate()
            #expect(try await TestCluster.strings(
                "SELECT nextval('kiosk_seq_inv')::text || ' ' || nextval('kiosk_seq_acct')::text || ' ' || nextval('kiosk_seq_sub')::text",
                at: location) == ["42 8 1"])
        }
    }
}
