import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Issue 41, item 15: an export asks where to write, offering the last folder used from this
/// data directory; a folder that does not exist or is not a folder is said in the dialog and
/// nothing is written; the folder is kept owner-only, written through a temporary file.
@MainActor
struct ExportPromptTests {
    typealias F = ViewModelsFixtures

    /// Files kept in memory, with the last folder used.
    final class Disk: Sendable {
        let files = Mutex<[String: Data]>([:])
        let last: Mutex<String?>

        init(last: String?) { self.last = Mutex(last) }

        var client: FileExportClient {
            FileExportClient(exists: { directory, name in self.files.withLock { $0["\(directory)/\(name)"] != nil } },
                             write: { directory, name, data in
                                 self.files.withLock { $0["\(directory)/\(name)"] = data }
                                 return "\(directory)/\(name)"
                             },
                             lastDirectory: { self.last.withLock { $0 } },
                             rememberDirectory: { directory in self.last.withLock { $0 = directory } })
        }
    }

    func store(_ files: FileExportClient) -> ViewModelTestStore<BillingHistoryFeature> {
        var client = Storefront()
        client.billing.invoices = { _, _ in Page(items: [F.invoice(1)], nextCursor: nil) }
        return ViewModelTestStore(BillingHistoryState(account: F.account()), BillingHistoryFeature(client, files: files))
    }

    @Test func theExportKeyAsksWhereOfferingTheLastFolderAndKeepsTheOneUsed() async {
        let disk = Disk(last: "/home/ada/exports")
        let store = store(disk.client)
        await store.send(.exportTapped(.csv, defaultDirectory: "/work"))
        await store.receive(.exportPromptOpened(.csv, defaultDirectory: "/work", .success("/home/ada/exports"))) {
            $0.exportPrompt = ExportPrompt(format: .csv, directory: "/home/ada/exports")
        }
        await store.send(.exportDirectoryChanged("/home/ada/reports")) {
            $0.exportPrompt?.directory = "/home/ada/reports"
        }
        await store.send(.exportPromptSubmitted) { $0.isExporting = true }
        await store.receive(.exportTargetChecked(ExportRequest(format: .csv, directory: "/home/ada/reports"), .success(false))) {
            $0.exportPrompt = nil
        }
        await store.receive(.exportFinished(.success(ExportReport(path: "/home/ada/reports/invoices.csv", count: 1)))) {
            $0.isExporting = false
            $0.exportMessage = "Exported 1 invoice to /home/ada/reports/invoices.csv."
        }
        #expect(disk.files.withLock { $0["/home/ada/reports/invoices.csv"] } != nil)
        #expect(disk.last.withLock { $0 } == "/home/ada/reports", "the next export offers this folder")
    }

    @Test func withoutALastFolderTheCurrentOneIsOfferedAndEscWritesNothing() async {
        let disk = Disk(last: nil)
        let store = store(disk.client)
        await store.send(.exportTapped(.json, defaultDirectory: "/work"))
        await store.receive(.exportPromptOpened(.json, defaultDirectory: "/work", .success(nil))) {
            $0.exportPrompt = ExportPrompt(format: .json, directory: "/work")
        }
        await store.send(.exportDirectoryChanged("  ")) { $0.exportPrompt?.directory = "  " }
        await store.send(.exportPromptSubmitted) { $0.exportPrompt?.problem = "Type the folder to write invoices.json in." }
        await store.send(.exportPromptDismissed) { $0.exportPrompt = nil }
        #expect(disk.files.withLock { $0.isEmpty } && disk.last.withLock { $0 } == nil)
    }

    @Test func aFolderThatCannotTakeTheFileIsSaidInTheDialogAndNothingIsWritten() async throws {
        let data = try scratch("data")
        let file = data.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let missing = data.appendingPathComponent("no/such/folder").path
        let store = store(FileExportClient.live(rememberingIn: data))
        await store.send(.exportTapped(.csv, defaultDirectory: missing))
        await store.receive(.exportPromptOpened(.csv, defaultDirectory: missing, .success(nil))) {
            $0.exportPrompt = ExportPrompt(format: .csv, directory: missing)
        }
        await store.send(.exportPromptSubmitted) { $0.isExporting = true }
        let problem = "\(missing) does not exist. Type a folder that does; nothing was written."
        await store.receive(.exportTargetChecked(ExportRequest(format: .csv, directory: missing),
                                                 .failure(ScreenError(message: problem)))) {
            $0.isExporting = false
            $0.exportPrompt?.problem = problem
        }
        await store.send(.exportDirectoryChanged(file.path)) {
            $0.exportPrompt?.directory = file.path
            $0.exportPrompt?.problem = nil
        }
        await store.send(.exportPromptSubmitted) { $0.isExporting = true }
        let notAFolder = "\(file.path) is a file, not a folder. Type a folder; nothing was written."
        await store.receive(.exportTargetChecked(ExportRequest(format: .csv, directory: file.path),
                                                 .failure(ScreenError(message: notAFolder)))) {
            $0.isExporting = false
            $0.exportPrompt?.problem = notAFolder
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["not-a-folder"], "nothing written, nothing kept")
    }

    @Test func theLastFolderIsKeptPerDataDirectoryOwnerOnly() async throws {
        let first = try scratch("first"), second = try scratch("second"), exports = try scratch("exports")
        let live = FileExportClient.live(rememberingIn: first)
        #expect(try await live.lastDirectory() == nil)
        try await live.rememberDirectory(exports.path + "/./")
        #expect(try await live.lastDirectory() == exports.standardizedFileURL.path)
        #expect(try await FileExportClient.live(rememberingIn: second).lastDirectory() == nil, "each data directory has its own")
        let kept = first.appendingPathComponent(FileExportClient.lastDirectoryFileName)
        let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.path) == [FileExportClient.lastDirectoryFileName],
                "written through a temporary file that is gone")
    }

    private func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-prompt-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
