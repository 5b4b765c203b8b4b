import KioskViewModels
import TerminalUI

// TerminalUI's form widgets, bound to the storefront's actions: a click on a field or a choice
// focuses it, and a key a form took becomes an effect of the terminal's reducer.

typealias ScreenLine = TerminalUI.ScreenLine<TerminalAction>
typealias LineStack = TerminalUI.LineStack<TerminalAction>
typealias LineBuilder = TerminalUI.LineBuilder<TerminalAction>
typealias LineControl = TerminalUI.LineControl<TerminalAction>
typealias FieldBinding = TerminalUI.FieldBinding<TerminalAction>

extension TerminalUI.LineBuilder where Action == TerminalAction {
    init(focus: FormFocus, ticks: Int = 0) {
        self.init(focus: focus, ticks: ticks, focusing: { .focus($0) })
    }
}

extension TerminalUI.LineStack where Action == TerminalAction {
    init(lines: [ScreenLine], labelWidth: Int, context: RenderContext, scroll: FormFocus? = nil) {
        self.init(lines: lines, labelWidth: labelWidth, theme: context.theme, glyphs: context.glyphs,
                  isAccessible: context.isAccessible, scroll: scroll)
    }
}

extension FormKeys.Outcome where Action == TerminalAction {
    var effect: Effect<TerminalAction> {
        switch self {
        case .handled: .none
        case let .send(action): .send(action)
        }
    }
}
