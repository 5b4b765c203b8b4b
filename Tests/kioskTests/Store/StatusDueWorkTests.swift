import Foundation
import KioskResources
import PaymentsCore
import Testing
import Simulators

/// Reads no longer run due work, so a one-shot command that promises the current state runs it
/// itself: `kiosk status` on a store whose yearly renewal fell due while nothing was running.
@Suite struct StatusDueWorkTests {
    @Test func statusRunsTheRenewalThatFellDueBeforeShowingTheStore() async throws {
        let directory = KioskProcess.temporaryDirectory("status-due")
        let catalog = try CatalogLoader.load(contentsOf: try #require(KioskResources.defaultCatalogURL)).get()
        // Bought 400 days ago in real time (no test clock): the first renewal is long due.
        let bought = Date().addingTimeInterval(-400 * 86_400)
        let past = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog,
                                            clock: ManualClock(bought),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        let account = try await past.createAccount(NewAccount(email: "ann@example.com", name: "Ann"))
        _ = try await past.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_ann", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099, behaviour: .succeeds))
        guard case .purchased = try await past.purchase(PurchaseRequest(accountID: account.id, productID: "pro.yearly")) else {
            Issue.record("the yearly plan was not bought")
            return
        }
        let firstEnd = try #require(try await past.subscriptions(accountID: account.id).first).currentPeriodEnd
        let secondEnd = try ISODuration(years: 1).advance(firstEnd)

        let status = try KioskProcess.run(["status", "--data-dir", directory.path, "--account", account.id])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("renews \(DateWording.day(secondEnd))"), "\(status.stdout)")
        #expect(try await past.invoices(accountID: account.id, query: InvoiceQuery()).items.count == 2)
    }
}
