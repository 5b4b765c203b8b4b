import KioskViewModels
import TerminalUI

/// The plan comparison: plans side by side, a monthly/yearly switch, and buying or changing
/// plan with the price of the change shown and confirmed first.
enum PlansScreen {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let plans = state.app.plans
        switch plans.phase {
        case .loading:
            PhaseMessageView(title: "Plans", lines: ["Loading plans…"]).render(in: area, frame: &frame, context: context)
        case let .failed(error):
            PhaseMessageView.failure(title: "Plans", what: "The plans could not be loaded.", error: error, retry: .app(.plans(.retry)))
                .render(in: area, frame: &frame, context: context)
        case .empty:
            PhaseMessageView(title: "Plans", lines: ["This store has no plans."]).render(in: area, frame: &frame, context: context)
        case let .loaded(content):
            if context.isAccessible {
                PlansAccessibleView.render(plans, content, in: area, frame: &frame, context: context)
            } else {
                PlansLoadedView.render(plans, content, in: area, frame: &frame, context: context)
            }
        }
        if let confirmation = plans.confirmation {
            PlanConfirmationDialog.render(confirmation, in: area, frame: &frame, context: context)
        }
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let plans = state.app.plans
        if plans.confirmation != nil {
            switch key {
            case .character("y"), .character("Y"), .enter: return send(.confirmTapped)
            case .character("n"), .character("N"), .escape, .backspace: return send(.dismissConfirmation)
            default: return Effect.none
            }
        }
        guard let content = plans.phase.content else {
            if case .failed = plans.phase, key == .character("r") { return send(.retry) }
            return nil
        }
        switch key {
        case .left, .backTab, .character("h"): return select(offset: -1, plans, content)
        case .right, .tab, .character("l"): return select(offset: 1, plans, content)
        case .character("m"): return send(.togglePeriod)
        case .enter: return send(.chooseTapped)
        default: return nil
        }
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        let plans = state.app.plans
        if let confirmation = plans.confirmation {
            return [KeyHint(key: "y", action: confirmation.confirmTitle), KeyHint(key: "n", action: confirmation.cancelTitle)]
        }
        switch plans.phase {
        case .loaded:
            var hints = [KeyHint(key: "←/→", action: "Plan")]
            if let column = plans.selectedColumn, column.action != .current {
                hints.append(KeyHint(key: "Enter", action: column.action.title))
            }
            hints += [KeyHint(key: "m", action: PlanWording.periodLabel(PlanWording.otherPeriod(plans.period))),
                      KeyHint(key: "1-4", action: "Tabs"), KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
            return hints
        case .failed:
            return [KeyHint(key: "r", action: "Retry"), KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        case .loading, .empty:
            return [KeyHint(key: "1-4", action: "Tabs"), KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        }
    }

    /// The plan screen keeps no terminal-only state: the view model owns the selection.
    static func reconcile(_ state: inout TerminalState) {}

    /// Moves the selection one column, stopping at either end.
    private static func select(offset: Int, _ plans: PlanComparisonState, _ content: PlanComparisonContent) -> Effect<TerminalAction> {
        let index = content.columns.firstIndex { $0.planID == plans.selectedPlanID } ?? 0
        let target = min(max(0, index + offset), content.columns.count - 1)
        guard target != index else { return .none }
        return send(.selectPlan(planID: content.columns[target].planID))
    }

    private static func send(_ action: PlanComparisonAction) -> Effect<TerminalAction> { .send(.app(.plans(action))) }
}
