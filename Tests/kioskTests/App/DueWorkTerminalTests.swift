import Foundation
import KioskResources
import PaymentsCore
import Testing
import Simulators

/// `kiosk run` runs due work on a timer while it is open (reads no longer do), and the storefront
/// shows what it changed: a yearly renewal that falls due while Billing is on screen appears there
/// without a key being pressed.
@Suite(.oneTerminalAtATime) struct DueWorkTerminalTests {
    /// Seconds after the purchase at which the renewal falls due, once the storefront is up.
    static let dueIn: TimeInterval = 3

    @Test func aRenewalThatFallsDueWhileTheStorefrontIsOpenAppearsInBilling() async throws {
        let directory = KioskProcess.temporaryDirectory("run-due")
        let catalog = try CatalogLoader.load(contentsOf: try #require(KioskResources.defaultCatalogURL)).get()
        let setup = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: SystemClock(),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        let account = try await setup.createAccount(NewAccount(email: "ann@example.com", name: "Ann"))
        try SessionTokenFile(DataDirectory(url: directory)).save(try await setup.openSession(accountID: account.id))
        _ = try await setup.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_ann", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099, behaviour: .succeeds))

        let session = try TmuxSession(["--data-dir", directory.path])
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.sendKeys("3")
        _ = try session.waitFor(text: "3 Billing")
        // Another process buys the yearly plan "a year ago", so its renewal falls due in seconds:
        // only the open storefront's timer can run it (nothing else is running and it reads only).
        let year = ISODuration(years: 1)
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + Self.dueIn).rounded(.down))
        let bought = try #require(try [365.0, 366.0].map { due.addingTimeInterval(-$0 * 86_400) }
            .first { try year.advance($0) == due })
        let past = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog,
                                            clock: ManualClock(bought),
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        guard case let .purchased(receipt) = try await past.purchase(PurchaseRequest(accountID: account.id,
                                                                                     productID: "pro.yearly")) else {
            Issue.record("the yearly plan was not bought")
            return
        }
        // From the purchase's own answer: on a loaded machine the storefront may renew it before a read.
        #expect(receipt.subscription?.currentPeriodEnd == due)

        let after = try session.waitFor(timeout: .seconds(60), "the renewal invoice") {
            $0.components(separatedBy: "INV-").count - 1 == 2
        }
        #expect(after.contains(receipt.invoice.id))
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
        #expect(try await setup.invoices(accountID: account.id, query: InvoiceQuery()).items.count == 2)
    }
}
