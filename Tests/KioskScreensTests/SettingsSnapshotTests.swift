import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// Each settings section and dialog at every size, with and without colour, and accessible.
@MainActor
@Suite struct SettingsSnapshotTests {
    @Test func everySection() async throws {
        let driver = try ScreenDriver()
        let account = try await driver.subscribeAndOpenSettings()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500", idempotencyKey: "points"))
        await driver.send(.app(.settings(.onAppear)))
        for section in SettingsSection.allCases {
            await driver.send(.app(.settings(.selectSection(section))))
            driver.assertScreens(named: section.rawValue)
        }
    }

    @Test func theSurveyAndTheRefundConfirmation() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.down, .character("c"), .down, .enter)
        driver.assertScreens(named: "survey")
        await driver.press(.escape, .character("f"))
        driver.assertScreens(named: "refund")
    }

    @Test func theAddCardFormWithErrors() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.character("a"))
        await driver.type("4242")
        // Enter walks the fields; from the last one it saves.
        await driver.press(.enter, .enter, .enter, .enter, .enter)
        driver.assertScreens(named: "cardForm")
    }

    @Test func nobodySignedIn() async throws {
        let driver = try ScreenDriver()
        await driver.launch()
        await driver.press(.character("4"))
        driver.assertScreens(named: "signedOut")
    }
}
