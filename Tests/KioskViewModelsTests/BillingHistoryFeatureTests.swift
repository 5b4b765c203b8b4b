import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct BillingHistoryFeatureTests {
    typealias F = ViewModelsFixtures

    /// A history of `count` invoices, newest first, paged by a cursor that is the next index.
    func history(_ count: Int) -> Storefront {
        var client = Storefront()
        client.billing.invoices = { _, query in
            let start = Int(query.cursor ?? "0") ?? 0
            let end = min(start + query.limit, count)
            return Page(items: (start..<end).map { F.invoice(count - $0) }, nextCursor: end < count ? String(end) : nil)
        }
        return client
    }

    /// The window a single page of `invoices` (the whole history) loads into.
    func onePage(_ invoices: [Invoice], pageSize: Int = 50) -> InvoiceWindow {
        var window = InvoiceWindow(pageSize: pageSize)
        window.rows = invoices.map(InvoiceRow.init)
        window.loadedPages = 1
        window.total = invoices.count
        return window
    }

    @Test func scrollingAHundredThousandInvoicesKeepsOnlyAWindow() async throws {
        let store = ViewModelTestStore(BillingHistoryState(account: F.account(), viewportHeight: 20, pageSize: 50),
                                       BillingHistoryFeature(history(100_000), files: .failing))
        // Non-exhaustive: 4,200 scrolls and their page loads are checked through the window they end in, not each state.
        store.exhaustivity = .off
        await store.perform(.onAppear)
        await store.drain()
        #expect(store.state.visibleRows.first?.id == "INV-100000")
        for _ in 0..<2_100 {
            await store.perform(.moveSelection(by: 50))
            await store.drain()
            #expect((store.state.window?.rows.count ?? 0) <= 100)
        }
        #expect(store.state.selection == 99_999)
        #expect(store.state.visibleRows.last?.id == "INV-000001")
        #expect(store.state.window?.isAtEnd == true)
        // A move past what is loaded completes once the pages before it arrive.
        await store.perform(.moveSelection(by: -150))
        await store.drain()
        #expect(store.state.window?.row(at: store.state.selection)?.id == "INV-000151")
        await store.perform(.moveSelection(by: -50))
        await store.drain()
        #expect(store.state.window?.row(at: store.state.selection)?.id == "INV-000201")
        #expect((store.state.window?.rows.count ?? 0) <= 100)
        #expect(store.state.window?.total == 100_000 && store.state.pendingMove == 0)
        // Back at the top the total is still known: page 0 extends the window, it does not restart it.
        for _ in 0..<2_100 {
            await store.perform(.moveSelection(by: -50))
            await store.drain()
        }
        #expect(store.state.selection == 0 && store.state.visibleRows.first?.id == "INV-100000")
        #expect(store.state.window?.total == 100_000)
    }

    @Test func emptyHistoryPointsToThePaywall() async {
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()),
                                       BillingHistoryFeature(history(0), files: .failing))
        await store.send(.onAppear) { $0.generation = 1; $0.loadingPage = 0; $0.isReloading = true }
        await store.receive(.pageLoaded(generation: 1, page: 0, .success(Page(items: [], nextCursor: nil)))) {
            $0.loadingPage = nil
            $0.isReloading = false
            $0.phase = .empty
        }
        await store.send(.showPaywallTapped)
        await store.receive(.delegate(.showPaywall))
    }

    @Test func errorThenRetry() async {
        var failing = Storefront()
        failing.billing.invoices = { _, _ in throw PaymentsError.storage("busy") }
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()),
                                       BillingHistoryFeature(failing, files: .failing))
        await store.send(.onAppear) { $0.generation = 1; $0.loadingPage = 0; $0.isReloading = true }
        await store.receive(.pageLoaded(generation: 1, page: 0, .failure(ScreenError(PaymentsError.storage("busy"))))) {
            $0.loadingPage = nil
            $0.isReloading = false
            $0.phase = .failed(ScreenError(PaymentsError.storage("busy")))
        }
        let retry = ViewModelTestStore(store.state, BillingHistoryFeature(history(3), files: .failing))
        await retry.send(.retry) { $0.phase = .loading; $0.generation = 2; $0.loadingPage = 0; $0.isReloading = true }
        let invoices = [F.invoice(3), F.invoice(2), F.invoice(1)]
        await retry.receive(.pageLoaded(generation: 2, page: 0, .success(Page(items: invoices, nextCursor: nil)))) {
            $0.loadingPage = nil
            $0.isReloading = false
            $0.phase = .loaded(onePage(invoices))
        }
        #expect(retry.state.visibleRows.map(\.id) == ["INV-000003", "INV-000002", "INV-000001"])
    }

    @Test func filterPassesStatusAndYearToTheCore() async {
        let queries = Mutex<[InvoiceQuery]>([])
        var client = history(3)
        let base = client.billing.invoices
        client.billing.invoices = { id, query in queries.withLock { $0.append(query) }; return try await base(id, query) }
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()),
                                       BillingHistoryFeature(client, files: .failing))
        let filter = InvoiceFilter(status: .refunded, year: 2026)
        await store.send(.filterChanged(filter)) {
            $0.filter = filter
            $0.generation = 1
            $0.loadingPage = 0
            $0.isReloading = true
        }
        // The fake history ignores the filter; what matters is what the core was asked.
        let invoices = [F.invoice(3), F.invoice(2), F.invoice(1)]
        await store.receive(.pageLoaded(generation: 1, page: 0, .success(Page(items: invoices, nextCursor: nil)))) {
            $0.loadingPage = nil
            $0.isReloading = false
            $0.phase = .loaded(onePage(invoices))
        }
        #expect(queries.withLock { $0.last?.status } == .refunded)
        #expect(queries.withLock { $0.last?.year } == 2026)
    }

    @Test func detailGroupsProrationAndRefundLines() async {
        var client = history(1)
        var invoice = F.invoice(1)
        invoice.lines += [InvoiceLine(kind: .prorationCredit, description: "Unused time", amount: F.usd(-300)),
                          InvoiceLine(kind: .refund, description: "Refund", amount: F.usd(-699))]
        let detailed = invoice
        client.billing.invoice = { _ in detailed }
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()),
                                       BillingHistoryFeature(client, files: .failing))
        await store.send(.onAppear) { $0.generation = 1; $0.loadingPage = 0; $0.isReloading = true }
        await store.receive(.pageLoaded(generation: 1, page: 0, .success(Page(items: [F.invoice(1)], nextCursor: nil)))) {
            $0.loadingPage = nil
            $0.isReloading = false
            $0.phase = .loaded(onePage([F.invoice(1)]))
        }
        await store.send(.openSelected) { $0.detail = .loading }
        await store.receive(.detailLoaded(.success(detailed))) { $0.detail = .loaded(InvoiceDetail(detailed)) }
        let detail = store.state.detail?.content
        #expect(detail?.prorationCredits.count == 1 && detail?.refunds.count == 1 && detail?.charges.count == 1)
        await store.send(.closeDetail) { $0.detail = nil }
    }

    @Test func exportWritesEscapedCSVThroughTheInjectedWriter() async throws {
        let written = Mutex<[String: Data]>([:])
        var client = Storefront()
        client.billing.invoices = { _, _ in Page(items: [F.invoice(1, description: "Pro, \"monthly\"\nplan")], nextCursor: nil) }
        let files = FileExportClient(exists: { _, _ in false }, write: { directory, name, data in
            written.withLock { $0["\(directory)/\(name)"] = data }
            return "\(directory)/\(name)"
        })
        let store = ViewModelTestStore(BillingHistoryState(account: F.account()), BillingHistoryFeature(client, files: files))
        await store.send(.export(.csv, directory: "/exports")) { $0.isExporting = true }
        await store.receive(.exportTargetChecked(ExportRequest(format: .csv, directory: "/exports"), .success(false)))
        await store.receive(.exportFinished(.success(ExportReport(path: "/exports/invoices.csv", count: 1)))) {
            $0.isExporting = false
            $0.exportMessage = "Exported 1 invoice to /exports/invoices.csv."
        }
        let csv = try #require(written.withLock { $0["/exports/invoices.csv"] }.flatMap { String(data: $0, encoding: .utf8) })
        #expect(csv.hasPrefix("invoice,date,description,kind,status,amount_minor,currency,amount,payment_method,refund_of\r\n"))
        #expect(csv.contains("INV-000001,2026-01-02,\"Pro, \"\"monthly\"\"\nplan\",renewal,paid,999,USD,$9.99,visa •••• 4242,\r\n"))
        await store.send(.export(.json, directory: "/exports")) { $0.isExporting = true; $0.exportMessage = nil }
        await store.receive(.exportTargetChecked(ExportRequest(format: .json, directory: "/exports"), .success(false)))
        await store.receive(.exportFinished(.success(ExportReport(path: "/exports/invoices.json", count: 1)))) {
            $0.isExporting = false
            $0.exportMessage = "Exported 1 invoice to /exports/invoices.json."
        }
        let json = try #require(written.withLock { $0["/exports/invoices.json"] })
        let objects = try JSONSerialization.jsonObject(with: json) as? [[String: Any]]
        let first = try #require(objects?.first)
        #expect(first["invoice"] as? String == "INV-000001")
        #expect(first["amount_minor"] as? Int == 999, "a number a program can add, not the string \"999\"")
        #expect(first["refund_of"] is NSNull, "null when the invoice refunds nothing, not an empty string")
        #expect(Set(first.keys) == Set(InvoiceCSV.header), "the CSV's columns, every one present")
    }
}
