import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// A change feed that cannot be read is said on the status line (or first, as an alert, in
/// accessible mode) for as long as it lasts, ahead of any queued notice.
@MainActor
@Suite struct FeedTroubleScreenTests {
    @Test func theStatusLineSaysTheServerCannotBeReachedAheadOfNotices() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        var state = driver.state
        state.app.toasts = [Toast(id: 9, kind: .purchaseSucceeded, message: "Purchase succeeded.")]
        state.app.feedTrouble = FeedTrouble(reason: "Can't reach the server at http://127.0.0.1:8080", failures: 1)
        let lines = HeadlessBackend.plainText(AppView.render(state, context: .standard).buffer).split(separator: "\n")
        let statusLine = try #require(lines.last)
        #expect(statusLine.contains("! Can't reach the server at http://127.0.0.1:8080 — retrying… (+1 more)"),
                "\(statusLine)")
        #expect(lines.dropLast().contains { $0.contains("Store") })

        state.app.feedTrouble = nil
        let recovered = HeadlessBackend.plainText(AppView.render(state, context: .standard).buffer)
        #expect(!recovered.contains("Can't reach the server"))
        #expect(recovered.contains("ok Purchase succeeded."))
    }

    @Test func accessibleModeSaysItAsTheFirstLineUnderTheTabs() async throws {
        let accessible = RenderContext(theme: .monochrome, glyphs: .ascii, isAccessible: true)
        let driver = try ScreenDriver(context: accessible)
        try await driver.signIn()
        await driver.launch()
        var state = driver.state
        state.app.feedTrouble = FeedTrouble(reason: "Can't reach the server at http://127.0.0.1:8080", failures: 2)
        let lines = HeadlessBackend.plainText(AppView.render(state, context: accessible).buffer).split(separator: "\n")
        #expect(lines.dropFirst().first?.hasPrefix("Alert: Can't reach the server at http://127.0.0.1:8080 - retrying.") == true,
                "\(lines.prefix(3))")
    }
}
