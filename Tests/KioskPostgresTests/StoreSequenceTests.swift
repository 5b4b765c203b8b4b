import Foundation
import KioskPostgres
@testable import PaymentsCore
import Testing

/// Every counter of the store is a PostgreSQL sequence object after migrating.
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
}
