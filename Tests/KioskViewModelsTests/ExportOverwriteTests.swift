import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// An export that would replace a file asks first; no leaves the file alone, yes writes it, and
/// the outcome names the full path and counts invoices right.
@MainActor
struct ExportOverwriteTests {
    typealias F = ViewModelsFixtures

    static let request = ExportRequest(format: .csv, directory: "/home/ada/exports")
    static let question = Confirmation(
        title: "Replace invoices.csv?",
        message: "invoices.csv already exists in /home/ada/exports. Exporting replaces it with the invoices as they are now.",
        confirmTitle: "Replace")

    /// A disk of one directory holding `existing` files, recording every write.
    final class Disk: Sendable {
        let files: Mutex<[String: Data]>

        init(_ existing: [String: Data] = [:]) { files = Mutex(existing) }

        var client: FileExportClient {
            FileExportClient(exists: { directory, name in self.files.withLock { $0["\(directory)/\(name)"] != nil } },
                             write: { directory, name, data in
                                 self.files.withLock { $0["\(directory)/\(name)"] = data }
                                 return "\(directory)/\(name)"
                             })
        }

        subscript(_ path: String) -> Data? { files.withLock { $0[path] } }
    }

    func invoices(_ count: Int) -> Storefront {
        var client = Storefront()
        client.billing.invoices = { _, _ in Page(items: (0..<count).map { F.invoice(count - $0) }, nextCursor: nil) }
        return client
    }

    func store(_ disk: Disk, invoices count: Int) -> ViewModelTestStore<BillingHistoryFeature> {
        ViewModelTestStore(BillingHistoryState(account: F.account()), BillingHistoryFeature(invoices(count), files: disk.client))
    }

    @Test func anExistingFileIsKeptWhenThePersonSaysNo() async {
        let old = Data("old".utf8)
        let disk = Disk(["/home/ada/exports/invoices.csv": old])
        let store = store(disk, invoices: 7)
        await store.send(.export(.csv, directory: "/home/ada/exports")) { $0.isExporting = true }
        await store.receive(.exportTargetChecked(Self.request, .success(true))) {
            $0.isExporting = false
            $0.confirmation = Self.question
            $0.pendingExport = Self.request
        }
        // A second export key while the question is open does not start another.
        await store.send(.export(.json, directory: "/home/ada/exports"))
        await store.send(.dismissConfirmation) {
            $0.confirmation = nil
            $0.pendingExport = nil
            $0.exportMessage = "Export cancelled; invoices.csv was left as it was."
        }
        #expect(disk["/home/ada/exports/invoices.csv"] == old)
    }

    @Test func anExistingFileIsReplacedWhenThePersonSaysYesAndThePathIsShown() async throws {
        let disk = Disk(["/home/ada/exports/invoices.csv": Data("old".utf8)])
        let store = store(disk, invoices: 7)
        await store.send(.export(.csv, directory: "/home/ada/exports")) { $0.isExporting = true }
        await store.receive(.exportTargetChecked(Self.request, .success(true))) {
            $0.isExporting = false
            $0.confirmation = Self.question
            $0.pendingExport = Self.request
        }
        await store.send(.confirmTapped) {
            $0.confirmation = nil
            $0.pendingExport = nil
            $0.isExporting = true
        }
        await store.receive(.exportFinished(.success(ExportReport(path: "/home/ada/exports/invoices.csv", count: 7)))) {
            $0.isExporting = false
            $0.exportMessage = "Exported 7 invoices to /home/ada/exports/invoices.csv."
        }
        let csv = try #require(disk["/home/ada/exports/invoices.csv"].flatMap { String(data: $0, encoding: .utf8) })
        #expect(csv.hasPrefix("invoice,date,"))
    }

    @Test func aNewFileIsWrittenWithoutAsking() async {
        let disk = Disk()
        let store = store(disk, invoices: 1)
        await store.send(.export(.csv, directory: "/home/ada/exports")) { $0.isExporting = true }
        await store.receive(.exportTargetChecked(Self.request, .success(false)))
        await store.receive(.exportFinished(.success(ExportReport(path: "/home/ada/exports/invoices.csv", count: 1)))) {
            $0.isExporting = false
            $0.exportMessage = "Exported 1 invoice to /home/ada/exports/invoices.csv."
        }
        #expect(disk["/home/ada/exports/invoices.csv"] != nil)
    }

    @Test func aFailedCheckWritesNothingAndSaysWhy() async {
        var files = FileExportClient.failing
        files.write = { _, _, _ in
            Issue.record("nothing is written when the check failed")
            return ""
        }
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()),
                                       BillingHistoryFeature(invoices(1), files: files))
        await store.send(.export(.csv, directory: "/home/ada/exports")) { $0.isExporting = true }
        let error = ScreenError(UnstubbedCall("files.exists"))
        await store.receive(.exportTargetChecked(Self.request, .failure(error))) {
            $0.isExporting = false
            $0.exportMessage = "Export failed: \(error.message)"
        }
    }

    @Test func theLiveWriterReplacesAFileWholeAndOwnerOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("invoices.csv")
        try Data("old".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)

        let path = try await FileExportClient.live(rememberingIn: folder).write(folder.path, "invoices.csv", Data("new".utf8))

        #expect(path == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600, "an export lists purchases: owner-only, whatever it replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["invoices.csv"], "no staging file left")
    }
}
