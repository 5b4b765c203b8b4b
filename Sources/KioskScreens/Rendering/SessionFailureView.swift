import KioskViewModels
import TerminalUI

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
