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

    /// A storefront on a server says which server and account it is on, in the tab row at 80
    /// columns; at 60 the account goes first, then the server (issue 41, item 21).
    @Test func aRemoteStorefrontNamesItsServerAndAccount() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn("ada")
        await driver.launch()
        var state = driver.state
        #expect(!driver.text.contains(" on "))
        state.app.server = "shop.lan:8080"
        let wide = HeadlessBackend.plainText(AppView.render(state, context: .standard).buffer).split(separator: "\n")
        #expect(wide.first?.hasSuffix("on shop.lan:8080 as ada") == true, "\(wide.first ?? "")")
        state.size = Size(width: 60, height: 20)
        let narrow = HeadlessBackend.plainText(AppView.render(state, context: .standard).buffer).split(separator: "\n")
        #expect(narrow.first?.contains("4 Settings") == true, "\(narrow.first ?? "")")
    }
}
