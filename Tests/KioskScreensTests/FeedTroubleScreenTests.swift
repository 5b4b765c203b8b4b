import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import StorefrontClient
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

    /// Issue 41, item 17: with the session unreadable (a refused key, a server that does not
    /// answer) the tab said "Loading the store…" and the status line cut the reason off even at 160
    /// columns. The screen says it whole, with r to retry now; the status line does not repeat it.
    @Test func aSessionThatCannotBeReadIsSaidWholeOnTheScreenWithRetry() async throws {
        let reason = "The server at http://127.0.0.1:8080 refused this storefront's key (401 Unauthorized) while "
            + "reading the signed-in account: The API key is not valid."
        var state = TerminalState(app: AppState(sessionID: "s1"), size: Size(width: 160, height: 30), exportDirectory: "")
        state.app.sessionError = ScreenError(message: reason)
        state.app.sessionTrouble = FeedTrouble(reason: reason, failures: 1)
        let text = HeadlessBackend.plainText(AppView.render(state, context: .standard).buffer)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!text.contains("Loading the store"), "\(text)")
        #expect(lines.contains { $0.contains(reason) }, "the reason in one line at 160 columns:\n\(text)")
        #expect(text.contains("press r to try now or q to quit") && text.contains("r Retry"))
        let statusLine = try #require(lines.last)
        #expect(statusLine.contains("r Retry") && statusLine.contains("q Quit") && !statusLine.contains("401"), "\(statusLine)")

        let feature = TerminalFeature(app: AppFeature(storefront: Storefront(), clock: ManualClock(Date(timeIntervalSince1970: 0)),
                                                      files: .failing), context: .standard)
        let store = Store(initialState: state, reducer: feature)
        await store.send(.key(.character("r"))).value
        #expect(store.state.app.sessionTrouble?.failures == 2, "r read the session again")
        var narrow = state
        narrow.size = Size(width: 80, height: 24)
        let wrapped = HeadlessBackend.plainText(AppView.render(narrow, context: .standard).buffer)
        #expect(wrapped.contains("401") && wrapped.contains("Unauthorized) while") && wrapped.contains("The API key is not valid."),
                "wrapped whole at 80 columns:\n\(wrapped)")
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
