import Testing
@testable import TerminalUI

@Suite struct WidgetRenderingTests {
    @Test func panelWithTitleUnicode() {
        #expect(renderedLines(Panel(title: "Plans"), width: 12, height: 4) == screen("""
            ┌ Plans ───┐
            │          │
            │          │
            └──────────┘
            """))
    }

    @Test func panelWithAsciiGlyphsAndLongTitle() {
        #expect(renderedLines(Panel(title: "Billing history", glyphs: .ascii), width: 12, height: 3) == screen("""
            + Billi... +
            |          |
            +----------+
            """))
    }

    @Test func tableSizesColumnsAndTruncatesWideText() {
        let table = Table(
            columns: [
                TableColumn("Plan", width: .flex(1)),
                TableColumn("Period", width: .min(3)),
                TableColumn("Price", width: .fixed(6), alignment: .trailing),
            ],
            rows: [["Pro", "P1M", "$9.99"], ["日本語プラン", "P1Y", "¥1,500"], ["Free", "", "$0.00"]],
            selected: 1
        )
        let buffer = renderedBuffer(table, width: 20, height: 4)
        #expect(HeadlessBackend.lines(buffer) == screen("""
            Plan   Period  Price
            Pro    P1M     $9.99
            日本…  P1Y    ¥1,500
            Free           $0.00
            """))
        #expect(buffer[0, 2].style == Theme.standard.selected)
        #expect(table.columnWidths(totalWidth: 20) == [6, 6, 6])
    }

    @Test func tableDrawsOnlyRowsFromOffsetThatFit() {
        let rows = (0..<100_000).map { ["INV-\($0)"] }
        let table = Table(columns: [TableColumn("Invoice", width: .flex(1))], rows: rows, offset: 500)
        #expect(renderedLines(table, width: 12, height: 3) == ["Invoice", "INV-500", "INV-501"])
    }

    @Test func scrollOffsetKeepsTheSelectionVisible() {
        #expect(ScrollOffset.keeping(selected: 6, visible: 3, count: 10, previous: 0) == 4)
        #expect(ScrollOffset.keeping(selected: 5, visible: 3, count: 10, previous: 4) == 4)
        #expect(ScrollOffset.keeping(selected: 1, visible: 3, count: 10, previous: 4) == 1)
        #expect(ScrollOffset.keeping(selected: 9, visible: 3, count: 10, previous: 9) == 7)
        #expect(ScrollOffset.keeping(selected: 2, visible: 5, count: 3, previous: 2) == 0)
    }

    @Test func textFieldEditsByGraphemeAndScrollsToCursor() {
        var state = TextFieldState()
        for character in "WELCOME20" { state.insert(character) }
        state.moveLeft()
        state.moveLeft()
        state.deleteBackward()
        #expect(state.text == "WELCOM20")
        #expect(state.cursor == 6)
        state.moveToStart()
        state.deleteForward()
        state.insert("\u{1F44D}\u{1F3FD}")
        #expect(state.text == "\u{1F44D}\u{1F3FD}ELCOM20")
        state.deleteBackward()
        #expect(state.text == "ELCOM20")
        state.moveToEnd()
        let field = TextField(state: state, isFocused: true)
        #expect(renderedLines(field, width: 5, height: 1) == ["OM20"])
        #expect(field.cursorPosition(in: Rect(x: 2, y: 3, width: 5, height: 1)) == Point(x: 6, y: 3))
        #expect(renderedBuffer(field, width: 5, height: 1)[4, 0].style.underline)
    }

    @Test func typingACombiningMarkJoinsThePreviousLetter() {
        var state = TextFieldState(text: "Cafe")
        state.insert("\u{301}")
        #expect(state.text == "Caf\u{E9}")
        #expect(state.cursor == 4)
        state.insert("!")
        #expect(state.text == "Caf\u{E9}!")
        state.moveToStart()
        state.insert("\u{301}")
        #expect(state.cursor <= state.text.count)
        state.deleteBackward()
        #expect(state.text == "Caf\u{E9}!")
    }

    @Test func maskedTextFieldNeverShowsTheSecret() {
        let field = TextField(state: TextFieldState(text: "4242"), isMasked: true, glyphs: .ascii)
        #expect(renderedLines(field, width: 8, height: 1) == ["****"])
    }

    @Test func highContrastTableHeaderAndSelection() {
        let table = Table(columns: [TableColumn("Plan", width: .fixed(4))], rows: [["Pro"]], selected: 0, theme: .highContrast)
        #expect(HeadlessBackend.styledText(renderedBuffer(table, width: 4, height: 2))
            == "<b,u fg=white bg=black>Plan</>\n<b fg=black bg=yellow>Pro </>")
    }

    @Test func buttonShowsFocusAsText() {
        #expect(renderedLines(Button("Buy", isFocused: true), width: 10, height: 1) == ["▸[ Buy ]"])
        #expect(renderedLines(Button("Cancel", glyphs: .ascii), width: 12, height: 1) == [" [ Cancel ]"])
    }

    /// The numbers are always drawn; the bar is full only at 100% and empty with no total.
    @Test func meterLinesShowBarAndNumbers() {
        let lines: [ScreenLine<Int>] = [ScreenLine(.meter(label: "Projects", value: 3, total: 10)),
                                        ScreenLine(.meter(label: "Over", value: 12, total: 10)),
                                        ScreenLine(.meter(label: "None", value: 1, total: 0))]
        var frame = Canvas<Int>(size: Size(width: 24, height: 3))
        LineStack(lines: lines, labelWidth: 9, theme: .standard, glyphs: .ascii).render(in: frame.buffer.area, frame: &frame)
        #expect(HeadlessBackend.lines(frame.buffer) == ["  Projects ##----- 3/10", "  Over     ###### 12/10", "  None     -------- 1/0"])
    }

    @Test func statusBarDropsHintsThatDoNotFitWhole() {
        let bar = StatusBar(hints: [KeyHint(key: "q", action: "quit"), KeyHint(key: "Tab", action: "next"), KeyHint(key: "?", action: "help")])
        #expect(renderedLines(bar, width: 20, height: 1) == ["q quit  Tab next"])
        #expect(renderedLines(bar, width: 30, height: 1) == ["q quit  Tab next  ? help"])
    }

    @Test func dialogIsCentredOverContent() {
        var buffer = Buffer(width: 40, height: 9)
        buffer.fill(buffer.area, with: Cell(text: "."))
        let dialog = Dialog(title: "Cancel plan", message: "End Pro at the period end?", buttons: ["Yes", "No"], focusedButton: 1, glyphs: .ascii)
        dialog.render(in: buffer.area, buffer: &buffer)
        #expect(HeadlessBackend.lines(buffer) == screen("""
            ........................................
            .....+ Cancel plan ---------------+.....
            .....|                            |.....
            .....| End Pro at the period end? |.....
            .....|                            |.....
            .....|       [ Yes ] >[ No ]      |.....
            .....+----------------------------+.....
            ........................................
            ........................................
            """))
    }

    @Test func dialogWrapsItsMessageOnANarrowScreen() {
        let dialog = Dialog(title: "Declined", message: "Your card was declined by the bank", buttons: ["OK"], glyphs: .ascii)
        #expect(renderedLines(dialog, width: 16, height: 8) == screen("""
            + Declined ----+
            |              |
            | Your card    |
            | was declined |
            | by the bank  |
            |              |
            |   >[ OK ]    |
            +--------------+
            """))
    }

    @Test func aNoticeLeadsTheStatusLineAndKeepsTheGlobalKeysWhileTheyFit() {
        var buffer = Buffer(width: 50, height: 1)
        StatusBar(message: StatusMessage("Purchased", kind: .success, queued: 2), hints: [KeyHint(key: "Enter", action: "Pay")],
                  trailing: [KeyHint(key: "q", action: "Quit")])
            .render(in: buffer.area, buffer: &buffer)
        #expect(HeadlessBackend.lines(buffer) == [" ok Purchased (+2 more)   Enter Pay         q Quit"])
        #expect(buffer[1, 0].style.reverse)
        #expect(!buffer[30, 0].style.reverse)
    }

    @Test func tooSmallMessageNamesTheNeededSize() {
        let lines = renderedLines(TooSmallMessage(required: Size(width: 80, height: 24)), width: 20, height: 5)
        #expect(lines == ["", " Terminal too small", " (need 80x24, have", "       20x5)", ""])
    }

    @Test func tooSmallMessageKeepsItsPhrasesWholeAt40x12() {
        let lines = renderedLines(TooSmallMessage(required: Size(width: 60, height: 20)), width: 40, height: 12)
        #expect(lines.filter { !$0.isEmpty }.map { $0.split(separator: " ").joined(separator: " ") }
            == ["Terminal too small", "(need 60x20, have 40x12)"])
    }
}
