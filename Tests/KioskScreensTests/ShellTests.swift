import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@MainActor
@Suite struct ShellTests {
    @Test func numberKeysSwitchTabsAndTheTabBarShowsWhichIsSelected() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("3"))
        #expect(driver.state.app.tab == .billing)
        #expect(driver.state.screen == .billing)
        let tabRow = try #require(driver.text.split(separator: "\n").first)
        #expect(tabRow.contains("▸3 Billing") || tabRow.contains(">3 Billing"))
    }

    @Test func aTinyTerminalSaysWhatSizeItNeedsAndRecoversWhenEnlarged() async throws {
        let driver = try ScreenDriver(size: Size(width: 40, height: 10))
        await driver.launch()
        #expect(driver.text.contains("need 60x20"))
        await driver.resize(80, 24)
        #expect(!driver.text.contains("too small"))
        #expect(driver.text.contains("Store"))
    }

    @Test func helpOpensWithQuestionMarkAndListsGlobalKeys() async throws {
        let driver = try ScreenDriver()
        await driver.launch()
        await driver.press(.character("?"))
        #expect(driver.state.app.isHelpShown)
        #expect(driver.text.contains("Switch tab"))
        await driver.press(.escape)
        #expect(!driver.state.app.isHelpShown)
    }

    @Test func helpListsEachKeyOnce() async throws {
        let driver = try ScreenDriver(size: Size(width: 80, height: 40))
        _ = try await driver.monthlyHistory(months: 1)
        await driver.launch()
        await driver.press(.character("3"), .character("?"))
        let text = driver.text
        #expect(text.components(separatedBy: "PgUp/PgDn").count == 2, "PgUp/PgDn listed once: \(text)")
        #expect(text.components(separatedBy: "Esc").count == 2, "Esc listed once: \(text)")
        #expect(text.contains("Backspace"), "the rest of Esc/Backspace stays: \(text)")
    }

    @Test func qQuitsAtOnceWhenNoPaymentIsInFlight() async throws {
        let driver = try ScreenDriver()
        await driver.launch()
        await driver.press(.character("q"))
        #expect(driver.state.hasQuit)
    }

    @Test func clickingATabSelectsIt() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        let tabRow = try #require(driver.text.split(separator: "\n").first)
        let column = try #require(tabRow.range(of: "Settings")).lowerBound.utf16Offset(in: tabRow)
        await driver.click(Point(x: column, y: 0))
        #expect(driver.state.app.tab == .settings)
    }

    /// The reducer does not draw the frame to find what was clicked: the layout the host
    /// painted decides, and a mouse event that comes without one clicks nothing.
    @Test func aClickIsResolvedAgainstThePaintedLayoutOnly() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        let settingsTab = try #require(driver.position(of: "4 Settings"))
        let press = MouseEvent(action: .press, position: settingsTab)
        await driver.send(.key(.mouse(press)))
        #expect(driver.state.app.tab == .paywall)
        await driver.send(.input(.mouse(press), over: FrameLayout()))
        #expect(driver.state.app.tab == .paywall)
        let painted = FrameLayout(hits: [HitRegion(Rect(x: 0, y: 0, width: 80, height: 1), TerminalAction.app(.selectTab(.billing)))])
        await driver.send(.input(.mouse(press), over: painted))
        #expect(driver.state.app.tab == .billing)
    }

    @Test func theTopmostRegionTakesTheClick() {
        var frame = Frame(size: Size(width: 10, height: 3))
        frame.addHit(Rect(x: 0, y: 0, width: 10, height: 3), .app(.toggleHelp))
        frame.addHit(Rect(x: 2, y: 1, width: 3, height: 1), .focus("above"))
        #expect(frame.layout.action(at: Point(x: 3, y: 1)) == .focus("above"))
        #expect(frame.layout.action(at: Point(x: 6, y: 1)) == .app(.toggleHelp))
        #expect(frame.layout.action(at: Point(x: 6, y: 3)) == nil)
    }
}

@MainActor
@Suite struct AnnouncementTests {
    @Test func accessibleModeAnnouncesStoreChangesAsLinesAboveTheScreen() async throws {
        let context = RenderContext(theme: .monochrome, glyphs: .ascii, isAccessible: true)
        let driver = try ScreenDriver(context: context)
        let account = try await driver.signIn()
        await driver.launch()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500"))
        await driver.send(.app(.pollChanges))
        let lines = driver.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "Announcement: Bought Starter points (500 points).")
        #expect(!driver.text.contains("ok Bought"))
    }

    @Test func withoutAccessibleModeNoticesQueueOnTheStatusLineNeverOverABorder() async throws {
        let driver = try ScreenDriver()
        let account = try await driver.signIn()
        await driver.launch()
        let top = driver.text.split(separator: "\n", omittingEmptySubsequences: false)[1]
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500"))
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500"))
        await driver.send(.app(.pollChanges))
        let lines = driver.text.split(separator: "\n", omittingEmptySubsequences: false)
        // The panel's top border and title are untouched; the notice is on the bottom line.
        #expect(lines[1] == top)
        #expect(lines[23].hasPrefix(" ok Bought Starter points (500 points). (+1 more) "))
        #expect(!driver.text.contains("Announcement:"))
        let notice = try #require(driver.position(of: "ok Bought"))
        await driver.click(notice)
        let next = driver.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(next[23].hasPrefix(" ok Bought Starter points (500 points).  "))
        #expect(!next[23].contains("more)"))
    }
}

@MainActor
@Suite struct SpinnerTests {
    @Test func eachClockTickTurnsTheSpinnerOfWorkInProgress() async throws {
        let driver = try ScreenDriver()
        #expect(driver.state.ticks == 0)
        for second in 1...5 { await driver.send(.clockTicked(ScreenDriver.start.addingTimeInterval(Double(second)))) }
        #expect(driver.state.ticks == 5)
        let marks = (0..<5).map { LineBuilder<TerminalAction>(focus: FormFocus(), ticks: $0, focusing: { .focus($0) }).workingMark }
        #expect(marks == ["|", "/", "-", "\\", "|"])
    }
}
