import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@MainActor
@Suite struct PaywallScreenTests {
    @Test func snapshotsOfANewCustomer() async throws {
        try await ScreenDriver.snapshotEveryVariant("new-customer") { driver in
            try await driver.signIn()
            await driver.launch()
        }
    }

    @Test func snapshotsOfASubscriberWithTheCurrentPlanSelected() async throws {
        try await ScreenDriver.snapshotEveryVariant("subscriber") { driver in
            let account = try await driver.signIn()
            _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly"))
            await driver.launch()
            await driver.press(.left)
        }
    }

    @Test func snapshotsOfLoadingAndFailure() async throws {
        try await ScreenDriver.snapshotEveryVariant("not-signed-in") { driver in
            await driver.launch()
        }
        let driver = try ScreenDriver()
        driver.store.send(.app(.paywall(.onAppear)))
        driver.assertScreen(named: "loading")
    }

    @Test func arrowsAndVimKeysChooseThePackageAndTheButtonFollows() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        #expect(driver.state.app.paywall.selectedProductID == "pro.yearly")
        #expect(driver.text.contains("▸ Yearly"))
        #expect(driver.text.contains("[ Enter Subscribe ]"))
        await driver.press(.left)
        #expect(driver.state.app.paywall.selectedProductID == "pro.monthly")
        #expect(driver.text.contains("[ Enter Start free trial ]"))
        #expect(driver.text.contains("7-day free trial, then $9.99/month"))
        await driver.press(.character("l"), .character("l"))
        #expect(driver.state.app.paywall.selectedProductID == "points.500")
        #expect(driver.text.contains("[ Enter Buy ]"))
        await driver.press(.character("h"), .tab)
        #expect(driver.state.app.paywall.selectedProductID == "points.500")
        #expect(driver.frame.buffer.area.width == 80)
        let hints = try #require(driver.text.split(separator: "\n").last)
        #expect(hints.contains("Enter Buy"))
    }

    @Test func enterOpensCheckoutForTheSelectedPackage() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.left, .enter)
        #expect(driver.state.screen == .checkout)
        #expect(driver.state.app.checkout?.productID == "pro.monthly")
    }

    @Test func clickingAPackageSelectsItAndClickingTheButtonContinues() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        let point = try #require(driver.position(of: "Theme pack (lifetime)"))
        await driver.click(point)
        #expect(driver.state.app.paywall.selectedProductID == "themes.lifetime")
        let button = try #require(driver.position(of: "Enter Buy"))
        await driver.click(button)
        #expect(driver.state.app.checkout?.productID == "themes.lifetime")
    }

    @Test func restoreSaysWhenThereIsNothingToRestore() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("r"))
        let message = try #require(driver.state.app.paywall.restoreMessage)
        #expect(message.lowercased().contains("no purchases"))
        #expect(driver.text.contains(message))
    }

    @Test func snapshotsOfARestoreWithNothingToRestore() async throws {
        try await ScreenDriver.snapshotEveryVariant("restored-nothing") { driver in
            try await driver.signIn()
            await driver.launch()
            await driver.press(.character("r"))
        }
    }

    @Test func aSubscriberSeesTheirPlanAndCannotBuyItAgain() async throws {
        let driver = try ScreenDriver()
        let account = try await driver.signIn()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "pro.monthly"))
        await driver.launch()
        #expect(driver.text.contains("Your plan: Pro"))
        await driver.press(.left)
        #expect(driver.text.contains("current plan"))
        #expect(driver.text.contains("[ Current plan ]"))
        await driver.press(.enter)
        #expect(driver.state.screen == .paywall)
        await driver.press(.right, .enter)
        #expect(driver.state.app.tab == .plans)
    }

    @Test func failureOffersRetryWithR() async throws {
        let driver = try ScreenDriver()
        await driver.launch()
        #expect(driver.text.contains("could not be loaded"))
        #expect(driver.text.contains("r Retry"))
        try await driver.signIn()
        await driver.press(.character("r"))
        #expect(driver.state.app.paywall.phase.content != nil)
    }

    @Test func accessibleModeSaysWhatIsSelected() async throws {
        let driver = try ScreenDriver(context: RenderContext(theme: .monochrome, glyphs: .ascii, isAccessible: true))
        try await driver.signIn()
        await driver.launch()
        #expect(driver.text.contains("Selected package: Yearly, $99.99/year, that's $8.33/month, save 17%."))
        #expect(!driver.text.contains("┌"))
    }

    /// Issue 41, item 21: Home and End did nothing on the paywall.
    @Test func homeAndEndSelectTheFirstAndLastPackage() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        let packages = try #require(driver.state.app.paywall.phase.content?.packages)
        await driver.press(.end)
        #expect(driver.state.app.paywall.selectedProductID == packages.last?.productID)
        await driver.press(.home)
        #expect(driver.state.app.paywall.selectedProductID == packages.first?.productID)
    }

    /// Issue 41, item 22: under `LANG=C` the ticks and dots of the paywall's own words were still
    /// drawn; a terminal without UTF-8 shows them as garbage.
    @Test func withoutUTF8EveryCellIsASCII() async throws {
        let driver = try ScreenDriver(context: RenderContext(theme: .monochrome, glyphs: .ascii))
        try await driver.signIn()
        await driver.launch()
        let nonASCII = driver.text.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(String(String.UnicodeScalarView(nonASCII)))")
        #expect(driver.text.contains("+ Projects per month: unlimited"))
        #expect(driver.text.contains("Kiosk Demo Store - Pro"))
    }
}
