import Foundation
import KioskPostgres
import KioskPostgresStore
import Testing
@testable import PaymentsCore

/// Named snapshots of a PostgreSQL store are schema copies beside it in the database, so every
/// server of the store sees the same ones; a restore is one transaction, only of a copy whose
/// schema version matches and whose books hold, and takes the counters back with the rows.
@Suite(.enabled(if: CoreTestStorage.onPostgres, "the store is on SQLite, where snapshots are files (SnapshotSafetyTests)"))
struct SnapshotsOnPostgresTests {
    @Test func restoringGoesBackRowsAndCountersAndEveryServerSeesTheSnapshot() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let first = try await store.buy(ada, "points.500")
        let adaAtTheTerminal = try await store.service.openSession(accountID: ada.id)
        try await store.service.saveSnapshot(named: "before-Second.1")
        #expect(try await store.service.snapshots() == ["before-Second.1"])

        let second = try await store.buy(ada, "points.500")
        let cy = try await store.account("cy")
        let cyAtTheTerminal = try await store.service.openSession(accountID: cy.id)
        let bobAtTheTerminal = try await store.service.openSession(accountID: bob.id)
        try await store.service.restoreSnapshot(named: "before-Second.1")

        let invoices = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(limit: 50)).items.map(\.id)
        #expect(invoices == [first.invoice.id])
        #expect(try await store.service.accounts().map(\.id) == [ada.id, bob.id])
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        // Sessions are the terminals', not the books': they stay where their account still exists.
        #expect(try await store.service.sessionAccount(adaAtTheTerminal)?.id == ada.id)
        #expect(try await store.service.sessionAccount(bobAtTheTerminal)?.id == bob.id)
        #expect(try await store.service.sessionAccount(cyAtTheTerminal) == nil)
        // The counters went back with the rows: the next purchase takes the undone one's number.
        #expect(try await store.buy(ada, "points.500").invoice.id == second.invoice.id)
        #expect(try await store.account("dee").id == cy.id)
        #expect(try await store.invariants() == [])

        let otherServer = try await store.reopen()
        #expect(try await otherServer.snapshots() == ["before-Second.1"])
    }

    @Test func savingAgainReplacesTheSnapshotAndUnknownOrBadNamesAreSaidSo() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await store.service.saveSnapshot(named: "point")
        let bought = try await store.buy(ada, "themes")
        try await store.service.saveSnapshot(named: "point")
        try await store.service.saveSnapshot(named: "other")
        #expect(try await store.service.snapshots() == ["other", "point"])
        _ = try await store.buy(ada, "points.500")
        try await store.service.restoreSnapshot(named: "point")
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(limit: 50)).items.map(\.id)
                == [bought.invoice.id])

        await #expect(throws: PaymentsError.snapshotNotFound("never")) { try await store.service.restoreSnapshot(named: "never") }
        await #expect(throws: PaymentsError.self) { try await store.service.saveSnapshot(named: "../escape") }
    }

    @Test func aCopyWhoseBooksDoNotHoldIsRefusedAndTheStoreIsUntouched() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try await store.service.saveSnapshot(named: "cooked")
        let later = try await store.buy(ada, "points.500")
        try await tamper(store, snapshot: "cooked", "DELETE FROM ledger")
        try await expectRefused(store, "cooked", because: "books do not hold")
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(limit: 50)).items.first?.id
                == later.invoice.id)
    }

    @Test func aCopyFromAnotherSchemaVersionIsRefused() async throws {
        let store = try await CoreFixture()
        _ = try await store.account()
        try await store.service.saveSnapshot(named: "future")
        try await tamper(store, snapshot: "future",
                         "INSERT INTO kiosk_schema_versions(version, name, applied_at) VALUES (99, 'v99-from-the-future', 0)")
        try await expectRefused(store, "future", because: "v99-from-the-future")
    }

    /// Runs `sql` inside the snapshot's copy, as someone editing it by hand would.
    private func tamper(_ store: CoreFixture, snapshot name: String, _ sql: String) async throws {
        let location = try #require(store.postgres)
        let live = PostgresStorage(location: location, connections: 1)
        let schema = try await live.read { transaction in
            try await transaction.fetchOne(String.self, "SELECT 'kiosk_snapshot_' || left(md5(current_schema() || '/' || ?), 24)", [name])
        }
        let copy = PostgresStorage(location: location.with(schema: try #require(schema)), connections: 1)
        _ = try await copy.write { transaction in try await transaction.execute(StoreSQL(sql)) }
    }

    private func expectRefused(_ store: CoreFixture, _ name: String, because text: String) async throws {
        try await store.expectSnapshotRefused(name, because: text, unchanged: try await store.service.accounts())
    }
}
