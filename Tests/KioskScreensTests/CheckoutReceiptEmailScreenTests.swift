import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// The first purchase of an SSH key's account (a placeholder email) asks for an email for
/// receipts at the top of the checkout; typed and paid, it is the account's, and the next
/// checkout does not ask.
@MainActor
@Suite struct CheckoutReceiptEmailScreenTests {
    static let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBTnbgl/emXUpwUCHOYJE50pIXty+m9BRAxj3jtFIn/o"

    @Test func theFirstPurchaseOverSSHAsksForAnEmailOnce() async throws {
        let driver = try ScreenDriver()
        let (account, _) = try await driver.service.sshAccount(for: try SSHPublicKey(openSSHLine: Self.key), userName: "ann")
        _ = try await driver.service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_ann", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035))
        try await driver.session.signIn(account.id, on: driver.service)
        await driver.launch()
        await driver.send(.app(.paywall(.continueTapped)))
        driver.assertScreen(named: "asks")
        #expect(driver.text.contains("Your email, for receipts"), "\(driver.text)")

        await driver.press(.enter)
        #expect(driver.text.contains("such as ann@example.com"), "\(driver.text)")
        await driver.send(.focus("receipt.email"))
        await driver.type("ann@example.com")
        await driver.press(.enter)
        guard case .succeeded? = driver.state.app.checkout?.status else {
            Issue.record("expected the payment to go ahead, got \(String(describing: driver.state.app.checkout?.status))\n\(driver.text)")
            return
        }
        #expect(try await driver.service.account(account.id).email == "ann@example.com")
        #expect(try await driver.service.invoices(accountID: account.id, query: InvoiceQuery(limit: 10)).items.count == 1)

        await driver.send(.app(.checkout(.doneTapped)))
        await driver.send(.app(.paywall(.continueTapped)))
        #expect(driver.state.app.checkout?.receiptEmail == nil)
        #expect(!driver.text.contains("for receipts"))
    }
}
