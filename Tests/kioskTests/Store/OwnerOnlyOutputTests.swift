import Foundation
import Testing

/// What kiosk writes is owner-only even under a permissive umask (issue 17, defect 5): the data
/// directory with its database, keys and snapshots, QA transcripts and JUnit reports.
@Suite struct OwnerOnlyOutputTests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/flows")

    /// Paths at or below `root` that the group or others may read, write or enter.
    func exposed(under root: URL) throws -> [String] {
        var paths = [root.path]
        for relative in FileManager.default.subpaths(atPath: root.path) ?? [] { paths.append(root.appendingPathComponent(relative).path) }
        return try paths.filter { path in
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            return mode & 0o077 != 0
        }
    }

    @Test func theDataDirectoryAndQAOutputAreOwnerOnly() throws {
        let data = KioskProcess.temporaryDirectory("owner-only-data")
        let output = KioskProcess.temporaryDirectory("owner-only-qa")
        let store = ["--data-dir", data.path]
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        #expect(try KioskProcess.run(["seed", "--accounts", "3", "--months", "2", "--seed", "1", "--start", "2025-01-01"] + store)
            .status == 0)
        #expect(try KioskProcess.run(["store", "snapshot", "save", "checkpoint"] + store).status == 0)
        let check = try KioskProcess.run(["store", "check"] + store)
        #expect(check.status == 0 && check.stdout.contains("invariants hold (3 accounts)"), "\(check.stderr)")
        let qa = try KioskProcess.run(["qa", "run", Self.flows.appendingPathComponent("refund.yaml").path,
                                       "--transcript", output.appendingPathComponent("transcripts").path,
                                       "--junit", output.appendingPathComponent("qa.xml").path])
        #expect(qa.status == 0, "\(qa.stdout)\n\(qa.stderr)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("snapshots/checkpoint.sqlite").path))
        #expect(try exposed(under: data) == [])
        #expect(try (FileManager.default.subpaths(atPath: output.path) ?? []).count >= 3)
        #expect(try exposed(under: output.appendingPathComponent("transcripts")) == [])
        #expect(try exposed(under: output.appendingPathComponent("qa.xml")) == [])
    }

    /// Issue 42 item 2: every command that opens the data directory makes each file in it
    /// owner-only again after a user loosened them, the admin key included.
    @Test func everyFileLoosenedByHandIsOwnerOnlyAgainAfterEachOpen() throws {
        let data = KioskProcess.temporaryDirectory("owner-only-tampered")
        let store = ["--data-dir", data.path]
        let key = try KioskProcess.run(["serve", "--print-admin-key"] + store)
        #expect(key.status == 0, "\(key.stderr)")
        #expect(try KioskProcess.run(["seed", "--accounts", "1", "--months", "1", "--seed", "1", "--start", "2025-01-01"] + store)
            .status == 0)
        for command in [["serve", "--print-admin-key"], ["status"]] {
            for name in try FileManager.default.contentsOfDirectory(atPath: data.path) {
                var isFolder: ObjCBool = false
                let path = data.appendingPathComponent(name).path
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                if !isFolder.boolValue { try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
            }
            #expect(try exposed(under: data).contains(data.appendingPathComponent("admin.key").path))
            let run = try KioskProcess.run(command + store)
            #expect(run.status == 0, "\(command) \(run.stderr)")
            #expect(try exposed(under: data) == [], "after \(command)")
        }
    }
}
