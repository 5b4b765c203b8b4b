import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import Synchronization
import TerminalUI
import Testing

/// Feedback a person reads on screen: what a restore brought back, the question before an
/// export replaces a file and where it wrote, and which attempt a retried payment is on.
@MainActor
@Suite struct FeedbackScreenTests {
    /// Files kept in memory, so the overwrite question is tested without touching the disk.
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

    private func buy(_ driver: ScreenDriver, _ account: Account, _ productIDs: String...) async throws {
        for productID in productIDs {
            _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: productID,
                                                                  idempotencyKey: "setup.\(productID)"))
        }
    }

    @Test func restoreOnThePaywallNamesSeveralPurchases() async throws {
        let driver = try ScreenDriver()
        try await buy(driver, try await driver.signIn(), "pro.yearly", "themes.lifetime")
        await driver.launch()
        await driver.press(.character("r"))
        #expect(driver.state.app.paywall.restoreMessage == "Restored Pro Yearly and Theme pack.")
        #expect(driver.text.contains("Restored Pro Yearly and Theme pack."))
    }

    @Test func restoreOnThePaywallNamesOnePurchase() async throws {
        let driver = try ScreenDriver()
        try await buy(driver, try await driver.signIn(), "themes.lifetime")
        await driver.launch()
        await driver.press(.character("r"))
        #expect(driver.state.app.paywall.restoreMessage == "Restored Theme pack.")
        #expect(driver.text.contains("Restored Theme pack."))
    }

    @Test func restoreWithNothingToRestoreSaysSo() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("r"))
        // The core answers an empty restore with its own "no purchases" error rather than an empty result.
        let message = try #require(driver.state.app.paywall.restoreMessage)
        #expect(message.lowercased().contains("no purchases"))
        #expect(driver.text.contains(message))
    }

    @Test func restoreInSettingsUsesTheSameWords() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.character("r"))
        #expect(driver.state.app.settings.message == "Restored Pro Yearly.")
        #expect(driver.text.contains("Restored Pro Yearly."))
    }

    @Test func exportAsksBeforeReplacingAFileAndKeepsItOnNo() async throws {
        let directory = FileManager.default.currentDirectoryPath
        let path = "\(directory)/invoices.csv"
        let old = Data("old".utf8)
        let disk = Disk([path: old])
        let driver = try ScreenDriver(files: disk.client)
        _ = try await driver.monthlyHistory(months: 2)
        await driver.launch()
        await driver.press(.character("3"), .character("e"), .enter)
        #expect(driver.state.app.billing.confirmation?.title == "Replace invoices.csv?")
        #expect(driver.text.contains("Replace invoices.csv?"))
        #expect(driver.text.contains("y Replace"))
        await driver.press(.character("n"))
        #expect(driver.state.app.billing.confirmation == nil)
        #expect(disk[path] == old)
        #expect(driver.text.contains("Export cancelled; invoices.csv was left as it was."))
    }

    @Test func exportReplacesAFileOnYesAndSaysWhereItWrote() async throws {
        let directory = FileManager.default.currentDirectoryPath
        let path = "\(directory)/invoices.csv"
        let disk = Disk([path: Data("old".utf8)])
        let driver = try ScreenDriver(size: Size(width: 160, height: 30), files: disk.client)
        let invoices = try await driver.monthlyHistory(months: 2)
        await driver.launch()
        await driver.press(.character("3"), .character("e"), .enter, .character("y"))
        let message = "Exported \(invoices.count) invoices to \(path)."
        #expect(driver.state.app.billing.exportMessage == message)
        #expect(driver.text.contains(message))
        #expect(disk[path] != Data("old".utf8))
    }

    /// The open checkout's screen with its state changed as `change` says (statuses a test cannot
    /// reach quickly through the store).
    func checkoutText(_ driver: ScreenDriver, _ change: (inout CheckoutState) -> Void) throws -> String {
        var state = driver.state
        guard case var .checkout(checkout)? = state.app.stack.last else { throw CheckoutNotOpen() }
        change(&checkout)
        state.app.stack[state.app.stack.count - 1] = .checkout(checkout)
        return HeadlessBackend.plainText(AppView.render(state, context: driver.context).buffer)
    }

    struct CheckoutNotOpen: Error {}

    @Test func aRetriedPaymentShowsTheSpinnerWithItsAttempt() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        let retrying = try checkoutText(driver) { $0.status = .processing; $0.retryCount = 1 }
        #expect(retrying.contains("Retrying your payment, attempt 2…"))
        let first = try checkoutText(driver) { $0.status = .processing; $0.retryCount = 0 }
        #expect(first.contains("Processing your payment…"))
    }

    @Test func aWaitingAskToBuySaysWhenTheStoreCouldNotBeAsked() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        let pending = PendingAction(id: "pend_1", accountID: "acct_1", kind: .askToBuy, productID: "themes",
                                    subscriptionID: nil, createdAt: Date(timeIntervalSince1970: 0), newPrice: nil)
        let waiting = try checkoutText(driver) { $0.status = .pendingApproval(pending) }
        #expect(waiting.contains("Waiting for approval (Ask to Buy)") && !waiting.contains("Could not ask the store"))
        let troubled = try checkoutText(driver) {
            $0.status = .pendingApproval(pending)
            $0.pendingApprovalCheckError = ScreenError(message: "the server did not answer")
        }
        #expect(troubled.contains("Could not ask the store how the request stands")
            && troubled.contains("(the server did not answer); asking again."))
    }
}
