import KioskViewModels
import TerminalUI

/// The whole frame: tab bar, the screen on top, the status line (the current notice and the key
/// hints), and anything floating over them (help, the quit question). A pure function of the state.
public enum AppView {
    public static func render(_ state: TerminalState, context: RenderContext) -> Frame {
        context.observer?.rendered()
        let context = context.applying(state)
        var frame = Frame(size: state.size)
        let screen = frame.buffer.area
        frame.buffer.fill(screen, with: .blank(context.theme.base))
        guard !state.isTooSmall else {
            TooSmallMessage(required: TerminalState.minimumSize, theme: context.theme).render(in: screen, buffer: &frame.buffer)
            if context.glyphs == .ascii { frame.buffer.transliterateToASCII() }
            return frame
        }
        let rows = screen.rows([.fixed(1), .fill(), .fixed(1)])
        renderTabs(state, in: rows[0], frame: &frame, context: context)
        var content = rows[1]
        if context.isAccessible {
            content = Announcements.render(state.app.toasts, feedTrouble: state.app.connectionTrouble, in: content,
                                           frame: &frame, context: context)
        }
        ScreenView.render(state, in: content, frame: &frame, context: context)
        let statusBar = StatusBar(message: context.isAccessible ? nil : message(state), hints: hints(state),
                                  trailing: GlobalKeyHints.hints(state), theme: context.theme, glyphs: context.glyphs)
        statusBar.render(in: rows[2], buffer: &frame.buffer)
        if state.app.connectionTrouble == nil, let toast = state.app.toasts.first, let strip = statusBar.messageFrame(in: rows[2]) {
            frame.addHit(strip, .app(.dismissToast(id: toast.id)))
        }
        if state.app.isHelpShown { HelpOverlay.render(state, in: rows[1], frame: &frame, context: context) }
        if state.isConfirmingQuit { QuitDialog.render(state, in: screen, frame: &frame, context: context) }
        if context.glyphs == .ascii { frame.buffer.transliterateToASCII() }
        return frame
    }

    /// Tabs as a row of labels, each clickable. The selected tab gets reverse video and a
    /// marker, so it is visible without colour and in a plain-text dump.
    private static func renderTabs(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let (theme, glyphs) = (context.theme, context.glyphs)
        var x = area.x
        for (index, tab) in AppTab.allCases.enumerated() {
            if index > 0 { x = frame.buffer.write(glyphs.separator, x: x, y: area.y, style: theme.border, clip: area) }
            let title = "\(index + 1) \(tab.title)"
            let start = x
            x = tab == state.app.tab
                ? frame.buffer.write("\(glyphs.selectionMarker)\(title) ", x: x, y: area.y, style: theme.selected.bolded(), clip: area)
                : frame.buffer.write(" \(title) ", x: x, y: area.y, style: theme.base, clip: area)
            frame.addHit(Rect(x: start, y: area.y, width: x - start, height: 1), .app(.selectTab(tab)))
        }
        renderWhereabouts(state, from: x, in: area, frame: &frame, context: context)
    }

    /// A storefront on a server says which server and which account it is on, at the right of
    /// the tab row (issue 41, item 21); the account alone, then nothing, when the row is short.
    private static func renderWhereabouts(_ state: TerminalState, from tabsEnd: Int, in area: Rect, frame: inout Frame,
                                          context: RenderContext) {
        guard let server = state.app.server else { return }
        let account = state.app.account.map { " as \($0.name)" } ?? ""
        let room = area.x + area.width - tabsEnd - 2
        guard let text = ["on \(server)\(account)", "on \(server)"].first(where: { DisplayWidth.of($0) <= room }) else { return }
        _ = frame.buffer.write(text, x: area.x + area.width - DisplayWidth.of(text), y: area.y, style: context.theme.disabled, clip: area)
    }

    /// A change feed that cannot be read first (it lasts until the feed answers), then the oldest
    /// notice, each for its own time (`ToastTimer`), with how many wait behind it.
    static func message(_ state: TerminalState) -> StatusMessage? {
        // The session failure screen says it already, whole; the status line would cut it.
        if let trouble = state.app.connectionTrouble, state.app.sessionFailure == nil {
            return StatusMessage(trouble.notice, kind: .error, queued: state.app.toasts.count)
        }
        guard let toast = state.app.toasts.first else { return nil }
        let kind: StatusMessage.Kind = switch toast.kind {
        case .purchaseSucceeded, .refundIssued: .success
        case .renewalFailed, .declined: .error
        case .info: .info
        }
        return StatusMessage(toast.message, kind: kind, queued: state.app.toasts.count - 1)
    }

    /// The screen's own keys (they are what the person is doing); the global ones are
    /// `GlobalKeyHints`, drawn at the right of the same line.
    static func hints(_ state: TerminalState) -> [KeyHint] {
        if state.isConfirmingQuit { return [KeyHint(key: "y", action: "Quit"), KeyHint(key: "n", action: "Stay")] }
        if state.app.isHelpShown { return [KeyHint(key: "↑/↓", action: "Scroll"), KeyHint(key: "?", action: "Close help")] }
        let global = Set(GlobalKeyHints.hints(state).map(\.key))
        return ScreenView.hints(state).filter { !global.contains($0.key) }
    }
}

/// Asked before quitting while a payment is in flight, saying what happens to it after.
enum QuitDialog {
    static func message(_ state: TerminalState) -> String {
        switch state.app.checkout?.status {
        case .browser?:
            "The checkout page stays open in your browser: if you pay there, the purchase is recorded and shows in Billing next time. Quit now?"
        case .pendingApproval?:
            "The purchase waits for approval: once approved it is recorded and shows in Billing next time. Quit now?"
        default:
            "A payment is in progress. It will finish on its own and show in Billing next time. Quit now?"
        }
    }

    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let dialog = Dialog(title: "Quit Kiosk?", message: message(state), buttons: ["y Quit", "n Stay"], focusedButton: 1,
                            theme: context.theme, glyphs: context.glyphs)
        dialog.render(in: area, buffer: &frame.buffer)
        frame.addHit(area, .key(.character("n")))
    }
}

/// Every key of the screen on top and the global ones, in a box over the content; scrolls when
/// the terminal is too short to show them all.
enum HelpOverlay {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let keys = (state.app.helpKeys + TerminalState.terminalKeys).listingEachKeyOnce
        let keyWidth = keys.map { DisplayWidth.of($0.key) }.max() ?? 0
        let lines = keys.map { $0.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  " + $0.description }
        let width = min(area.width - 4, (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4)
        let box = area.centered(Size(width: width, height: min(area.height - 2, lines.count + 2)))
        frame.buffer.fill(box, with: .blank(context.theme.base))
        let panel = Panel(title: "Keys", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: box, buffer: &frame.buffer)
        let inner = panel.inner(box).inset(horizontal: 1, vertical: 0)
        let offset = min(state.helpOffset, max(0, lines.count - inner.height))
        for (row, line) in lines.dropFirst(offset).prefix(inner.height).enumerated() {
            frame.buffer.write(line, x: inner.x, y: inner.y + row, style: context.theme.base, clip: inner)
        }
        frame.addHit(box, .app(.toggleHelp))
    }
}

/// What every tab shows while the session cannot be read and nobody is signed in (a server
/// that does not answer, a key it refuses): the reason in one line, that Kiosk keeps trying, and
/// the keys to retry now or quit, instead of "Loading the store…" (issue 41, item 17).
enum SessionFailureView {
    static func render(_ failure: ScreenError, _ state: TerminalState, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        PhaseMessageView(title: state.app.tab.title,
                         lines: [failure.message, "Kiosk tries again by itself; press r to try now or q to quit."],
                         style: \.error, button: ("r Retry", .app(.launched)))
            .render(in: area, frame: &frame, context: context)
    }

    static func handle(_ key: Key, _ state: TerminalState) -> Effect<TerminalAction>? {
        guard key == .character("r") else { return nil }
        return state.app.isLoadingSession ? Effect.none : .send(.app(.launched))
    }

    static let hints = [KeyHint(key: "r", action: "Retry")]
}
