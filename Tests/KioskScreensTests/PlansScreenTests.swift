import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@MainActor
@Suite struct PlansScreenTests {
    /// A Pro monthly subscriber on the plan tab.
    private func subscriber(_ driver: ScreenDriver) async throws {
        let account = try await driver.signIn()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly"))
        await driver.launch()
        await driver.press(.character("2"))
    }

    @Test func snapshotsOfANewCustomer() async throws {
        try await ScreenDriver.snapshotEveryVariant("new-customer") { driver in
            try await driver.signIn()
            await driver.launch()
            await driver.press(.character("2"))
        }
    }

    @Test func snapshotsOfAnUpgradePreviewAndItsConfirmation() async throws {
        try await ScreenDriver.snapshotEveryVariant("upgrade-preview") { driver in
            try await subscriber(driver)
            await driver.press(.right)
        }
        try await ScreenDriver.snapshotEveryVariant("upgrade-confirmation") { driver in
            try await subscriber(driver)
            await driver.press(.right, .enter)
        }
    }

    @Test func snapshotsOfYearlyPrices() async throws {
        try await ScreenDriver.snapshotEveryVariant("yearly") { driver in
            try await driver.signIn()
            await driver.launch()
            await driver.press(.character("2"), .character("m"))
        }
    }

    @Test func newCustomerSubscribesThroughCheckout() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("2"))
        #expect(driver.text.contains("Free (current)") || driver.text.contains("Free *"))
        await driver.press(.character("l"))
        #expect(driver.state.app.plans.selectedPlanID == "pro")
        #expect(driver.text.contains("Subscribe to Pro"))
        let hints = try #require(driver.text.split(separator: "\n").last)
        #expect(hints.contains("Enter Subscribe"))
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.productID == "pro.monthly")
    }

    @Test func mSwitchesToYearlyPricesAndClickingSwitchesBack() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("2"), .character("m"))
        #expect(driver.state.app.plans.period == .yearly)
        #expect(driver.text.contains("[x] Yearly"))
        #expect(driver.text.contains("$99.99/year"))
        let monthly = try #require(driver.position(of: "[ ] Monthly"))
        await driver.click(monthly)
        #expect(driver.state.app.plans.period == .monthly)
    }

    @Test func upgradeShowsThePriceAsksAndChangesThePlanOnYes() async throws {
        let driver = try ScreenDriver()
        try await subscriber(driver)
        await driver.press(.right)
        #expect(driver.state.app.plans.selectedPlanID == "enterprise")
        #expect(driver.text.contains("Upgrade to Enterprise: charged now"))
        await driver.press(.enter)
        #expect(driver.state.app.plans.confirmation != nil)
        #expect(driver.text.contains("Upgrade to Enterprise?"))
        #expect(driver.text.contains("y Upgrade"))
        await driver.press(.character("3"))
        #expect(driver.state.app.tab == .plans, "the dialog keeps every key to itself")
        await driver.press(.character("n"))
        #expect(driver.state.app.plans.confirmation == nil)
        await driver.press(.enter, .character("y"))
        #expect(driver.state.app.plans.message?.hasPrefix("Plan changed.") == true)
        #expect(driver.state.app.plans.phase.content?.currentPlanID == "enterprise")
        #expect(driver.text.contains("Enterprise (current)") || driver.text.contains("Enterprise *"))
    }

    @Test func dialogButtonsAreClickableAndAClickOutsideKeepsThePlan() async throws {
        let driver = try ScreenDriver()
        try await subscriber(driver)
        await driver.press(.right, .enter)
        await driver.click(Point(x: 1, y: 2))
        #expect(driver.state.app.plans.confirmation == nil)
        #expect(driver.state.app.plans.phase.content?.currentPlanID == "pro")
        await driver.press(.enter)
        let yes = try #require(driver.position(of: "[ y Upgrade ]"))
        await driver.click(Point(x: yes.x + 2, y: yes.y))
        #expect(driver.state.app.plans.phase.content?.currentPlanID == "enterprise")
    }

    @Test func clickingAColumnSelectsItAndItsButtonChooses() async throws {
        let driver = try ScreenDriver()
        try await subscriber(driver)
        let free = try #require(driver.position(of: "Free"))
        await driver.click(free)
        #expect(driver.state.app.plans.selectedPlanID == "free")
        let button = try #require(driver.position(of: "To Free"))
        await driver.click(Point(x: button.x + 2, y: button.y))
        #expect(driver.state.app.plans.confirmation?.confirmTitle == "Cancel subscription")
        await driver.press(.escape)
        #expect(driver.state.app.plans.confirmation == nil)
    }

    @Test func aNarrowTerminalStillShowsEveryPlanName() async throws {
        let driver = try ScreenDriver(size: Size(width: 60, height: 20))
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("2"))
        for name in ["Free", "Pro", "Enterprise"] { #expect(driver.text.contains(name)) }
    }
}
