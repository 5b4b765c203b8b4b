import KioskViewModels
import TerminalUI

enum PaywallScreen {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        Panel(title: "Paywall", theme: context.theme, glyphs: context.glyphs).render(in: area, buffer: &frame.buffer)
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? { nil }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        state.app.helpKeys.map { KeyHint(key: $0.key, action: $0.description) }
    }

    static func reconcile(_ state: inout TerminalState) {}
}
