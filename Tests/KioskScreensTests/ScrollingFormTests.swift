@testable import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import Synchronization
import TerminalUI
import Testing

/// Long forms (the QA panel, the checkout at 60x20): focus never leaves the screen, paging keys
/// and the wheel reach every line, and clipped content says how much more there is.
@MainActor
@Suite struct ScrollingFormTests {
    /// The QA panel at 80x24, its pending actions, webhooks and event log filled in.
    private func qaPanel(size: Size = Size(width: 80, height: 24), context: RenderContext = .standard) async throws -> ScreenDriver {
        let driver = try ScreenDriver(size: size, context: context)
        let account = try await driver.subscribeAndOpenSettings()
        _ = try await driver.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500", idempotencyKey: "points"))
        await driver.press(.end)
        await driver.send(.app(.settings(.onAppear)))
        #expect(driver.state.app.settings.section == .qa)
        return driver
    }

    /// The rows of the focused control lie inside the rows the frame shows.
    private func focusIsInView(_ driver: ScreenDriver, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let view = try #require(driver.frame.scrollView, sourceLocation: sourceLocation)
        let id = driver.state.screen == .checkout ? driver.state.checkout.form.id : driver.state.settings.form.id
        let rows = try #require(view.rows(of: id), sourceLocation: sourceLocation)
        return rows.lowerBound >= view.offset && rows.upperBound < view.offset + view.visibleRows
    }

    @Test func tabbingThroughTheQAPanelKeepsEveryControlInView() async throws {
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 120, height: 40)] {
            let driver = try await qaPanel(size: size)
            let controls = try #require(driver.frame.scrollView).controls.filter { $0.id != SettingsControlID.sections }
            #expect(controls.count > 15)
            for index in controls.indices {
                await driver.press(.tab)
                #expect(driver.state.settings.form.id == controls[index].id)
                #expect(try focusIsInView(driver), "\(controls[index].id) off screen at \(size)")
            }
            #expect(driver.state.settings.form.id == controls.last?.id)
        }
    }

    @Test func clippedContentSaysHowMuchMoreThereIs() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        #expect(driver.text.contains(/↓ \d+ more \(PgDn\)/))
        #expect(!driver.text.contains("more (PgUp)"))
        await driver.press(.pageDown)
        #expect(driver.text.contains("more (PgUp)"))
    }

    @Test func pagingReachesTheEndAndHomeReturns() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        #expect(!driver.text.contains("Event log"))
        for _ in 0..<10 { await driver.press(.pageDown) }
        #expect(driver.text.contains("Event log"))
        #expect(driver.text.contains("purchase.completed"))
        #expect(!driver.text.contains("more (PgDn)"))
        await driver.press(.home)
        #expect(driver.text.contains("Test clock"))
        #expect(driver.state.settings.form.id == "qa.attach")
    }

    /// A key is drawn once, by its host: the reducer pages and keeps the scroll position from
    /// the frame painted before the key (`ScreenDriver.send` draws it, as a host paints it).
    @Test func eachKeyRendersOneFrameEvenWhenPaging() async throws {
        let renders = Mutex(0)
        var context = RenderContext.standard
        context.observer = RenderObserver { renders.withLock { $0 += 1 } }
        let driver = try await qaPanel(context: context)
        await driver.press(.tab)
        var offsets: [Int] = []
        for key in [Key.pageDown, .pageDown, .tab, .down, .pageUp, .end, .home] {
            let before = renders.withLock { $0 }
            await driver.press(key)
            #expect(renders.withLock { $0 } - before == 1, "\(key) rendered more than once")
            offsets.append(try #require(driver.frame.scrollView).offset)
        }
        #expect(offsets[0] > 0 && offsets[1] > offsets[0], "paging moved \(offsets)")
        #expect(offsets[6] == 0)
    }

    /// The storefront's own loop (`kiosk run`, an SSH session) draws a frame only to paint it:
    /// keys that page, move and tab through a long form cost no render of their own.
    @Test func theHostLoopRendersOnlyTheFramesItPaints() async throws {
        let driver = try await qaPanel()
        let renders = Mutex(0)
        var context = RenderContext.standard
        context.observer = RenderObserver { renders.withLock { $0 += 1 } }
        let storefront = Storefront.live(driver.service, appStore: SimulatedAppStore(beside: driver.service), session: driver.session)
        let feature = TerminalFeature(app: AppFeature(storefront: storefront, clock: driver.clock, files: .failing), context: context)
        let app = TerminalApp(feature: feature, initialState: driver.state, clock: driver.clock)
        let keys: [Key] = [.tab, .pageDown, .pageDown, .tab, .down, .pageUp, .end, .home, .pageDown]
        let terminal = ScriptedTerminal(size: driver.state.size, keys: keys)
        #expect(await app.run(on: terminal) == .inputEnded)
        // Whether the keys paged the form depends on the launch's loads finishing before them
        // (a race here, not in a person's terminal); eachKeyRendersOneFrameEvenWhenPaging pins the paging.
        #expect(terminal.presents > 0)
        #expect(renders.withLock { $0 } == terminal.presents)
    }

    @Test func pagingMovesFocusToAControlInView() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        let first = driver.state.settings.form.id
        await driver.press(.pageDown)
        #expect(driver.state.settings.form.id != first)
        #expect(try focusIsInView(driver))
        await driver.press(.end)
        #expect(!driver.text.contains("more (PgDn)"))
        // End with no control on the last page detaches focus: nothing is shown as focused and
        // Enter presses nothing the person cannot see.
        if driver.state.settings.form.isDetached {
            let before = driver.state.app.settings
            await driver.press(.enter)
            #expect(driver.state.app.settings == before)
            await driver.press(.backTab)
            #expect(!driver.state.settings.form.isDetached)
            #expect(try focusIsInView(driver))
        } else {
            #expect(try focusIsInView(driver))
        }
    }

    @Test func theWheelScrollsTheFormUnderThePointer() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        let content = try #require(driver.position(of: "Store controls"))
        await driver.scroll(down: true, at: content)
        #expect(try #require(driver.frame.scrollView).offset == TerminalState.wheelRows)
        #expect(try focusIsInView(driver))
        await driver.scroll(down: false, at: content)
        #expect(try #require(driver.frame.scrollView).offset == 0)
    }

    /// Regions are recorded where the scrolled column drew its rows: a click on a field and on a
    /// button of the scrolled panel hits that control.
    @Test func clicksInAScrolledFormHitTheControlDrawnThere() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        let field = try #require(driver.position(of: "Advance by"))
        await driver.scroll(down: true, at: try #require(driver.position(of: "Store controls")))
        #expect(try #require(driver.frame.scrollView).offset == TerminalState.wheelRows)
        let scrolledField = try #require(driver.position(of: "Advance by"))
        #expect(scrolledField.y < field.y)
        await driver.click(scrolledField)
        #expect(driver.state.settings.form.id == SettingsControlID.duration)
        let attach = try #require(driver.position(of: "Attach to a new test clock"))
        await driver.click(attach)
        #expect(driver.state.app.settings.qa.clock != nil)
        #expect(driver.text.contains("Attached to test clock"))
    }

    @Test func movingFocusUpKeepsThePageWhereItWas() async throws {
        let driver = try await qaPanel()
        await driver.press(.tab)
        for _ in 0..<25 { await driver.press(.tab) }
        let offset = try #require(driver.frame.scrollView).offset
        #expect(offset > 0)
        await driver.press(.backTab)
        // One step back inside the page moves the focus, not the page.
        #expect(try #require(driver.frame.scrollView).offset == offset)
    }

    @Test func theCheckoutPayButtonComesIntoViewAt60x20() async throws {
        let driver = try ScreenDriver(size: Size(width: 60, height: 20))
        try await driver.signIn(withCard: false)
        await driver.launch()
        await driver.press(.enter)
        #expect(driver.state.app.checkout != nil)
        for _ in 0..<12 where driver.state.checkout.form.id != "pay" {
            await driver.press(.tab)
            #expect(try focusIsInView(driver))
        }
        #expect(driver.state.checkout.form.id == "pay")
        #expect(driver.text.contains("[ Pay"))
    }
}

/// A row of buttons wider than its column goes on to the next row instead of cutting a button.
@Suite struct ButtonRowWrappingTests {
    @Test func buttonsThatDoNotFitWrapAndStayClickable() {
        var builder = TerminalUI.LineBuilder<TerminalAction>(focus: FormFocus(id: "b2"))
        builder.buttons(["Pay $1,000.00 today with Mastercard 4444", "Cancel", "Help me"].enumerated().map {
            (id: "b\($0.offset)", label: $0.element, action: TerminalAction.focus("b\($0.offset)"))
        })
        var frame = Frame(size: Size(width: 50, height: 6))
        TerminalUI.LineStack<TerminalAction>(lines: builder.lines, labelWidth: 10, context: .standard, scroll: FormFocus(id: "b2"))
            .render(in: Rect(x: 0, y: 0, width: 50, height: 6), frame: &frame)
        let rows = HeadlessBackend.lines(frame.buffer)
        #expect(rows[0].contains("Pay $1,000.00 today with Mastercard 4444"))
        #expect(!rows[0].contains("Cancel"))
        #expect(rows[1].contains("Cancel") && rows[1].contains("Help me"))
        let cancel = try? #require(rows[1].range(of: "Cancel"))
        let x = cancel.map { rows[1].distance(from: rows[1].startIndex, to: $0.lowerBound) } ?? 0
        #expect(frame.action(at: Point(x: x, y: 1)) == .focus("b1"))
    }
}

/// A terminal that hands over its keys at once, then ends, and counts the frames painted on it.
final class ScriptedTerminal: TerminalBackend {
    let size: Size
    private var keys: [Key]
    private(set) var presents = 0

    init(size: Size, keys: [Key]) {
        self.size = size
        self.keys = keys
    }

    func present(_ buffer: Buffer, cursor: Point?) { presents += 1 }
    func invalidate() {}
    nonisolated(nonsending) func nextInput(timeout: Int32) async -> TerminalInput {
        keys.isEmpty ? .ended : .key(keys.removeFirst())
    }
    var wake: @Sendable () -> Void { {} }
    var idleWait: Int32 { 0 }
}
