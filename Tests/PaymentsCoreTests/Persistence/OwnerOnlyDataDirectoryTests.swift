import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// Everything in a data directory is owner-only, whatever the umask, and an existing directory
/// that others can read is tightened when the store opens (issue 17, defect 5).
@Suite(CoreTestStorage.sqliteFiles) struct OwnerOnlyDataDirectoryTests {
    /// Every entry below `root` (and `root` itself) whose mode lets the group or others in.
    static func exposed(under root: URL) throws -> [String] {
        var found: [String] = []
        var paths = [root.path]
        if let walker = FileManager.default.enumerator(atPath: root.path) {
            for case let relative as String in walker { paths.append(root.appendingPathComponent(relative).path) }
        }
        for path in paths {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            if mode & 0o077 != 0 { found.append("\(path) \(String(mode, radix: 8))") }
        }
        return found
    }

    @Test func aFreshDataDirectoryIsOwnerOnly() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        _ = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "points.500"))
        try await store.service.saveSnapshot(named: "checkpoint")
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names.contains("kiosk.sqlite-wal") && names.contains("transaction-signing") && names.contains("merchant-signing")
                && names.contains("snapshots"))
        #expect(try Self.exposed(under: store.directory) == [])
    }

    @Test func anExistingDirectoryOthersCanReadIsTightenedOnOpen() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try await store.service.saveSnapshot(named: "checkpoint")
        // As an older Kiosk left it: folders 0755, files 0644.
        for path in [store.directory.path] + (FileManager.default.subpaths(atPath: store.directory.path) ?? [])
            .map({ store.directory.appendingPathComponent($0).path }) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            try FileManager.default.setAttributes([.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: path)
        }
        #expect(try !Self.exposed(under: store.directory).isEmpty)
        _ = try LocalPaymentsService(directory: DataDirectory(url: store.directory), catalog: CoreFixture.catalog,
                                     clock: ManualClock(CoreFixture.start),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: store.directory)))
        #expect(try Self.exposed(under: store.directory) == [])
    }

    @Test func aPathThatIsNotAFolderIsRefusedWithItsName() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        do {
            try DataDirectory(url: file).create()
            Issue.record("a file was accepted as the data directory")
        } catch let PaymentsError.storage(message) {
            #expect(message.contains(file.path))
        }
    }
}
