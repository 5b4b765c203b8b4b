import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// Flows across the paywall, plans and billing screens, driven only by keys the hints name.
@MainActor
@Suite struct PaywallToBillingFlowTests {
    @Test func aSubscriberUpgradesFromThePaywallAndFindsTheInvoiceInBilling() async throws {
        let driver = try ScreenDriver()
        let account = try await driver.signIn()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly"))
        await driver.launch()
        #expect(driver.text.contains("Enter Switch"), "yearly is another period of the subscriber's plan, as Plans says")
        await driver.press(.enter)
        #expect(driver.state.app.tab == .plans)
        #expect(driver.state.app.plans.period == .yearly)
        await driver.press(.right)
        #expect(driver.text.contains("Enter Upgrade"))
        await driver.press(.enter, .character("y"))
        let message = try #require(driver.state.app.plans.message)
        #expect(message.hasPrefix("Plan changed."))
        #expect(driver.text.contains(message))
        await driver.press(.character("3"))
        let newest = try #require(driver.state.app.billing.window?.rows.first)
        #expect(newest.description.contains("Enterprise"))
        #expect(driver.text.contains(newest.id))
        await driver.press(.enter)
        #expect(driver.text.contains("Invoice \(newest.id)"))
        await driver.press(.escape, .character("1"))
        #expect(driver.state.app.tab == .paywall)
        #expect(driver.text.contains("▸ Yearly"))
    }

    @Test func theHelpOverlayListsTheBillingKeysWithoutClashingWithMovement() async throws {
        let driver = try ScreenDriver()
        _ = try await driver.monthlyHistory(months: 3)
        await driver.launch()
        await driver.press(.character("3"), .character("?"))
        #expect(driver.text.contains("Export JSON"))
        #expect(driver.text.contains("J  ") || driver.text.contains("J "))
        await driver.press(.escape, .character("j"))
        #expect(driver.state.app.billing.selection == 1)
        #expect(driver.state.app.billing.isExporting == false)
    }
}
