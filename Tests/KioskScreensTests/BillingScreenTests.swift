import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Synchronization
import Testing

@MainActor
@Suite struct BillingScreenTests {
    private func history(_ driver: ScreenDriver, months: Int) async throws -> [Invoice] {
        let invoices = try await driver.monthlyHistory(months: months)
        await driver.launch()
        await driver.press(.character("3"))
        return invoices
    }

    @Test func snapshotsOfAHistory() async throws {
        try await ScreenDriver.snapshotEveryVariant("history") { driver in
            _ = try await history(driver, months: 40)
            await driver.press(.down, .down)
        }
    }

    @Test func snapshotsOfAnInvoice() async throws {
        try await ScreenDriver.snapshotEveryVariant("detail") { driver in
            _ = try await history(driver, months: 2)
            await driver.press(.end, .enter)
        }
    }

    @Test func snapshotsOfTheEmptyState() async throws {
        try await ScreenDriver.snapshotEveryVariant("empty") { driver in
            try await driver.signIn()
            await driver.launch()
            await driver.press(.character("3"))
        }
    }

    @Test func theEmptyStateLeadsToTheStore() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("3"))
        #expect(driver.text.contains("No invoices yet."))
        await driver.press(.enter)
        #expect(driver.state.app.tab == .paywall)
        await driver.press(.character("3"))
        let button = try #require(driver.position(of: "[ Enter Browse the store ]"))
        await driver.click(Point(x: button.x + 2, y: button.y))
        #expect(driver.state.app.tab == .paywall)
    }

    @Test func theScreenTellsTheViewModelHowManyRowsItShows() async throws {
        let driver = try ScreenDriver()
        _ = try await history(driver, months: 5)
        #expect(driver.state.app.billing.viewportHeight == 17)
        await driver.resize(60, 20)
        #expect(driver.state.app.billing.viewportHeight == 13)
        await driver.resize(120, 40)
        #expect(driver.state.app.billing.viewportHeight == 25, "the view model caps it at half a page")
    }

    @Test func aLongHistoryPagesAsTheSelectionMovesAndShowsTheRightRows() async throws {
        let driver = try ScreenDriver()
        let invoices = try await history(driver, months: 299)
        #expect(invoices.count >= 300)
        let window = try #require(driver.state.app.billing.window)
        #expect(window.rows.count == 50, "only the first page is loaded at first")
        #expect(driver.text.contains(invoices[0].id))
        #expect(driver.text.contains("Invoice 1 of 50+"))

        for _ in 0..<6 { await driver.press(.pageDown) }
        let billing = driver.state.app.billing
        #expect(billing.selection == 6 * 17)
        let loaded = try #require(billing.window)
        #expect(loaded.rows.count <= InvoiceWindow.maxPages * 50, "pages behind are dropped")
        #expect(loaded.firstPage >= 1)
        #expect(driver.text.contains(invoices[billing.selection].id))
        #expect(driver.text.contains("Invoice \(billing.selection + 1) of"))
        #expect(!driver.text.contains(invoices[0].id))
        let visible = billing.visibleRows.map(\.id)
        #expect(visible == Array(invoices[billing.scrollTop..<(billing.scrollTop + 17)].map(\.id)))
        for id in visible { #expect(driver.text.contains(id)) }

        await driver.press(.end)
        #expect(driver.state.app.billing.selection == invoices.count - 1)
        #expect(driver.text.contains(try #require(invoices.last).id))
        #expect(driver.text.contains("Invoice \(invoices.count) of \(invoices.count)"))
        #expect(driver.state.billing.pendingJump == nil)

        await driver.press(.home)
        #expect(driver.state.app.billing.selection == 0)
        #expect(driver.state.app.billing.window?.firstPage == 0)
        #expect(driver.text.contains(invoices[0].id))
    }

    @Test func arrowsVimKeysWheelAndClicksMoveTheSelection() async throws {
        let driver = try ScreenDriver()
        let invoices = try await history(driver, months: 30)
        await driver.press(.down, .character("j"))
        #expect(driver.state.app.billing.selection == 2)
        await driver.press(.character("k"))
        #expect(driver.state.app.billing.selection == 1)
        await driver.scroll(down: true)
        #expect(driver.state.app.billing.selection == 2)
        await driver.scroll(down: false)
        await driver.scroll(down: false)
        #expect(driver.state.app.billing.selection == 0)
        let row = try #require(driver.position(of: invoices[4].id))
        await driver.click(row)
        #expect(driver.state.app.billing.selection == 4)
        await driver.click(row)
        #expect(driver.state.app.billing.detail?.content?.invoice.id == invoices[4].id)
        #expect(driver.text.contains("Invoice \(invoices[4].id)"))
        #expect(driver.text.contains("Total: $49.99"))
        await driver.press(.escape)
        #expect(driver.state.app.billing.detail == nil)
        #expect(driver.state.app.tab == .billing)
    }

    @Test func enterOpensTheInvoiceAndEscClosesIt() async throws {
        let driver = try ScreenDriver()
        let invoices = try await history(driver, months: 3)
        await driver.press(.enter)
        #expect(driver.text.contains("Invoice \(invoices[0].id)"))
        #expect(driver.text.contains("Paid with: visa •••• 4242"))
        let hints = try #require(driver.text.split(separator: "\n").last)
        #expect(hints.contains("Esc Close invoice"))
        await driver.press(.backspace)
        #expect(driver.state.app.billing.detail == nil)
    }

    @Test func filtersCycleAndTheEmptyResultOffersToClearThem() async throws {
        let driver = try ScreenDriver()
        _ = try await history(driver, months: 14)
        #expect(driver.state.billing.knownYears == [2027, 2026])
        await driver.press(.character("y"))
        #expect(driver.state.app.billing.filter.year == 2027)
        #expect(driver.text.contains("year: 2027"))
        await driver.press(.character("y"), .character("y"))
        #expect(driver.state.app.billing.filter.year == nil)
        await driver.press(.character("s"))
        #expect(driver.state.app.billing.filter.status == .draft)
        #expect(driver.text.contains("No invoices match status: draft"))
        await driver.press(.character("c"))
        #expect(driver.state.app.billing.filter == InvoiceFilter())
        #expect(driver.state.app.billing.window != nil)
    }

    /// Issue 41, item 15: e asks where to write, offering the last folder used; what is typed
    /// goes into the field (q and 1 are not shortcuts there); a folder that does not exist is
    /// said in the dialog and nothing is written; Esc leaves.
    @Test func theExportKeyAsksWhereAndSaysWhatIsWrongWithAFolder() async throws {
        struct Missing: Error, CustomStringConvertible { var description: String }
        let written = Mutex<[String]>([])
        let files = FileExportClient(
            exists: { directory, _ in
                guard directory == "/home/ada/exports" else {
                    throw Missing(description: "\(directory) does not exist. Type a folder that does; nothing was written.")
                }
                return false
            },
            write: { directory, name, _ in
                written.withLock { $0.append("\(directory)/\(name)") }
                return "\(directory)/\(name)"
            },
            lastDirectory: { "/home/ada/exports" })
        let driver = try ScreenDriver(files: files)
        let invoices = try await history(driver, months: 2)
        await driver.press(.character("e"))
        driver.assertScreen(named: "export-prompt")
        await driver.type("/q1")
        await driver.press(.enter)
        #expect(driver.state.app.tab == .billing && !driver.state.hasQuit)
        #expect(driver.state.app.billing.exportPrompt?.problem
                == "/home/ada/exports/q1 does not exist. Type a folder that does; nothing was written.")
        driver.assertScreen(named: "export-prompt-problem")
        await driver.press(.escape)
        #expect(driver.state.app.billing.exportPrompt == nil && written.withLock { $0.isEmpty })
        await driver.press(.character("J"), .enter)
        #expect(written.withLock { $0 } == ["/home/ada/exports/invoices.json"])
        #expect(driver.text.contains("Exported \(invoices.count) invoices to /home/ada/exports/invoices.json."))
    }

    @Test func exportKeysStartAnExportAndShowItsOutcome() async throws {
        let driver = try ScreenDriver()
        _ = try await history(driver, months: 2)
        await driver.press(.character("e"))
        #expect(driver.state.app.billing.exportMessage?.hasPrefix("Export failed") == true)
        #expect(driver.text.contains("Export failed"))
        await driver.press(.character("J"))
        #expect(driver.state.app.billing.exportMessage?.hasPrefix("Export failed") == true)
    }
}
