import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// The smallest terminal the storefront draws in (60x20) keeps every amount and invoice number
/// whole and the keys that matter on the footer; below it (40x12) the too-small message reads
/// whole.
@MainActor
@Suite struct NarrowTerminalTests {
    @Test func thePlanChangePreviewStatesTheWholeNextChargeAt60x20() async throws {
        let driver = try ScreenDriver(size: Size(width: 60, height: 20))
        let account = try await driver.signIn()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly"))
        await driver.launch()
        await driver.press(.character("2"), .right)
        let text = driver.text
        #expect(text.contains("next charge $49.99") && text.contains("on Feb 1, 2026."), "\(text)")
        #expect(!text.contains("$49.99/mon…") && !text.contains("$49.99…"), "an amount is never cut: \(text)")
        driver.assertScreen(named: "plan-change-60x20")
    }

    @Test func billingKeepsInvoiceNumbersAndTheExportKeysAt60x20() async throws {
        let driver = try ScreenDriver(size: Size(width: 60, height: 20))
        let invoices = try await driver.monthlyHistory(months: 3)
        await driver.launch()
        await driver.press(.character("3"))
        let text = driver.text
        for invoice in invoices { #expect(text.contains(invoice.id), "\(invoice.id) missing:\n\(text)") }
        let footer = try #require(text.split(separator: "\n").last)
        #expect(footer.contains("e/J Export"), "\(footer)")
        driver.assertScreen(named: "billing-60x20")
    }

    @Test func theTooSmallMessageFitsWholeAt40x12() async throws {
        let driver = try ScreenDriver(size: Size(width: 40, height: 12))
        try await driver.signIn()
        await driver.launch()
        let lines = driver.text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
        #expect(lines == ["Terminal too small", "(need 60x20, have 40x12)"])
        driver.assertScreen(named: "too-small-40x12")
    }
}
