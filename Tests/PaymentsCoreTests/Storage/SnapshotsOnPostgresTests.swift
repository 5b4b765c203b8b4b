import Foundation
import Testing
@testable import PaymentsCore

/// Named snapshots are SQLite files: a store on PostgreSQL refuses them with the reason and
/// changes nothing, rather than fail as a storage error.
@Suite(.enabled(if: CoreTestStorage.onPostgres, "the store is on SQLite, where snapshots work (SnapshotSafetyTests)"))
struct SnapshotsOnPostgresTests {
    @Test func savingOrRestoringIsRefusedWithTheReason() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let refusal = PaymentsError.snapshotRejected(name: "before", reason: "named snapshots are SQLite files, and this store is not on SQLite")
        await #expect(throws: refusal) { try await store.service.saveSnapshot(named: "before") }
        await #expect(throws: refusal) { try await store.service.restoreSnapshot(named: "before") }
        #expect(try await store.service.snapshots() == [])
        #expect(try await store.service.account(ada.id).id == ada.id)
    }
}
