import Foundation
import Testing
@testable import PaymentsCore

/// The merchant's rules reach storage only through `StoreTransaction`, so the same rules can run
/// on SQLite and PostgreSQL (docs/design/storage-seam.md); and what they read back that no Kiosk
/// writes is a storage error naming the row, never taken for a default.
@Suite struct EngineNeutralRulesTests {
    /// The folders and files of rules; `Storage/` and `Persistence/` hold the engine's side.
    static let ruleSources = ["Rules", "HostedCheckout/WebhookInbox.swift"]

    @Test func noRuleImportsGRDB() throws {
        let core = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PaymentsCore")
        var files: [URL] = []
        for source in Self.ruleSources {
            let url = core.appendingPathComponent(source)
            if source.hasSuffix(".swift") {
                files.append(url)
            } else {
                files += try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "swift" }
            }
        }
        #expect(files.count > 30, "the rule sources were found")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("import GRDB"), "\(file.lastPathComponent) imports GRDB")
        }
    }

    @Test func aPendingActionOfAKindNoKioskWritesIsAStorageError() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await store.service.write { work in
            try await work.store.execute("""
                INSERT INTO pending_actions(id, account_id, kind, request, created_at) VALUES ('pend_x', ?, 'teleport', '{}', 0)
                """, [ada.id])
        }
        await #expect(throws: PaymentsError.storage("pending_actions.kind holds \"teleport\", which is not a Kind.")) {
            _ = try await store.service.pendingActions(accountID: ada.id)
        }
    }
}
