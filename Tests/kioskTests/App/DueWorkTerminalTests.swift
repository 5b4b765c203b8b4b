import Foundation
import KioskResources
import PaymentsCore
import Testing

/// `kiosk run` runs due work on a timer while it is open (reads no longer do), and the storefront
/// shows what it changed: a yearly renewal that falls due seconds after launch appears in Billing
/// without a key being pressed.
@Suite struct DueWorkTerminalTests {
    /// Seconds after the test starts at which the renewal falls due: long enough for the storefront
    /// to be up first (launch runs due work once itself), short enough to keep the test quick.
    static let dueIn: TimeInterval = 12

    @Test func aRenewalThatFallsDueWhileTheStorefrontIsOpenAppearsInBilling() async throws {
        let directory = KioskProcess.temporaryDirectory("run-due")
        let catalog = try CatalogLoader.load(contentsOf: try #require(KioskResources.defaultCatalogURL)).get()
        let year = ISODuration(years: 1)
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + Self.dueIn).rounded(.down))
        // The purchase instant whose yearly period ends at `due` (a year is 365 or 366 days).
        let bought = try #require(try [365.0, 366.0].map { due.addingTimeInterval(-$0 * 86_400) }
            .first { try year.advance($0) == due })
        let store = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog,
                                             clock: ManualClock(bought))
        let account = try await store.createAccount(NewAccount(email: "ann@example.com", name: "Ann"))
        try await store.signIn(account.id)
        _ = try await store.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_ann", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099, behaviour: .succeeds))
        guard case let .purchased(receipt) = try await store.purchase(PurchaseRequest(accountID: account.id,
                                                                                      productID: "pro.yearly")) else {
            Issue.record("the yearly plan was not bought")
            return
        }
        #expect(try #require(try await store.subscriptions(accountID: account.id).first).currentPeriodEnd == due)

        let session = try TmuxSession(["--data-dir", directory.path])
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.sendKeys("3")
        let before = try session.waitFor(text: receipt.invoice.id)
        #expect(Date() < due, "the storefront took too long to open to tell the timer from the launch")
        #expect(before.components(separatedBy: "INV-").count - 1 == 1, "\(before)")
        let after = try session.waitFor(timeout: .seconds(Self.dueIn + 30), "the renewal invoice") {
            $0.components(separatedBy: "INV-").count - 1 == 2
        }
        #expect(after.contains(receipt.invoice.id))
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
        #expect(try await store.invoices(accountID: account.id, query: InvoiceQuery()).items.count == 2)
    }
}
