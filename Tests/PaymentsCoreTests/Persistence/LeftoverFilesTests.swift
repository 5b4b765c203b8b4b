import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// Issue 39: files an interrupted run left (a snapshot's staging copy, a replaced file's staging
/// copy whose writer is gone) are removed when the store next opens; a live writer's are kept.
@Suite(CoreTestStorage.sqliteFiles) struct LeftoverFilesTests {
    @Test func leftoversOfInterruptedRunsAreRemovedAtTheNextOpen() async throws {
        let store = try await CoreFixture()
        try await store.service.saveSnapshot(named: "checkpoint")
        let snapshots = store.directory.appendingPathComponent("snapshots")
        let partial = snapshots.appendingPathComponent(".checkpoint.sqlite.partial")
        // A process id no process has (above Linux's largest pid_max).
        let staged = store.directory.appendingPathComponent(".card-processor.key.4194305.staged")
        let live = store.directory.appendingPathComponent(".card-processor.key.\(getpid()).staged")
        for file in [partial, staged, live] { try Data("torn".utf8).write(to: file) }
        _ = try LocalPaymentsService(directory: DataDirectory(url: store.directory), catalog: CoreFixture.catalog,
                                     clock: ManualClock(CoreFixture.start),
                                     cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: store.directory)))
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(!FileManager.default.fileExists(atPath: staged.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("checkpoint.sqlite").path))
    }
}
