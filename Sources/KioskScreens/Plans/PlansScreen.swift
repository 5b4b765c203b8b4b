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
                PlansLoadedView.render(plans, content, rowOffset: state.plans.rowOffset, in: area, frame: &frame, context: context)
            }
        }
        if let confirmation = plans.confirmation {
            dialog(confirmation).render(in: area, frame: &frame, context: context)
        }
    }

    private static func dialog(_ confirmation: Confirmation) -> YesNoDialog {
        YesNoDialog(confirmation: confirmation, confirm: .app(.plans(.confirmTapped)), dismiss: .app(.plans(.dismissConfirmation)))
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let plans = state.app.plans
        if let confirmation = plans.confirmation { return dialog(confirmation).handle(key) }
        guard let content = plans.phase.content else {
            if case .failed = plans.phase, key == .character("r") { return send(.retry) }
            return nil
        }
        switch key {
        case .left, .backTab, .character("h"): return select(offset: -1, plans, content)
        case .right, .tab, .character("l"): return select(offset: 1, plans, content)
        case .character("m"): return send(.togglePeriod)
        case .enter: return send(.chooseTapped)
        case .down, .character("j"): return scroll(by: 1, &state, content)
        case .up, .character("k"): return scroll(by: -1, &state, content)
        case .pageDown: return scroll(by: page(state, content), &state, content)
        case .pageUp: return scroll(by: -page(state, content), &state, content)
        case .home: return scroll(by: -content.rows.count, &state, content)
        case .end: return scroll(by: content.rows.count, &state, content)
        default: return nil
        }
    }

    /// The screen's content area (below the tab bar, above the key line), as `AppView` lays it out.
    private static func contentArea(_ state: TerminalState) -> Rect {
        Rect(x: 0, y: 0, width: state.size.width, height: state.size.height).rows([.fixed(1), .fill(), .fixed(1)])[1]
    }

    private static func page(_ state: TerminalState, _ content: PlanComparisonContent) -> Int {
        max(1, PlansLoadedView.visibleFeatureRows(state.app.plans, content, in: contentArea(state)))
    }

    /// Scrolls the feature rows, kept so the last row stays at the bottom (↑/↓, PgUp/PgDn, Home/End, the wheel).
    private static func scroll(by step: Int, _ state: inout TerminalState, _ content: PlanComparisonContent) -> Effect<TerminalAction> {
        let shown = PlansLoadedView.visibleFeatureRows(state.app.plans, content, in: contentArea(state))
        let maxOffset = max(0, content.rows.count - shown)
        state.plans.rowOffset = min(max(0, state.plans.rowOffset + step), maxOffset)
        return .none
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        let plans = state.app.plans
        if let confirmation = plans.confirmation {
            return dialog(confirmation).hints
        }
        switch plans.phase {
        case .loaded:
            var hints = [KeyHint(key: "←/→", action: "Plan")]
            if let content = plans.phase.content,
               PlansLoadedView.visibleFeatureRows(plans, content, in: contentArea(state)) < content.rows.count {
                hints.append(KeyHint(key: "PgDn", action: "More rows"))
            }
            if let column = plans.selectedColumn, !column.action.isInert {
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

    /// The view model owns the selection; the row scroll is kept in range when the screen grows.
    static func reconcile(_ state: inout TerminalState) {
        guard let content = state.app.plans.phase.content else { return }
        let shown = PlansLoadedView.visibleFeatureRows(state.app.plans, content, in: contentArea(state))
        state.plans.rowOffset = min(state.plans.rowOffset, max(0, content.rows.count - shown))
    }

    /// Moves the selection one column, stopping at either end.
    private static func select(offset: Int, _ plans: PlanComparisonState, _ content: PlanComparisonContent) -> Effect<TerminalAction> {
        let index = content.columns.firstIndex { $0.planID == plans.selectedPlanID } ?? 0
        let target = min(max(0, index + offset), content.columns.count - 1)
        guard target != index else { return .none }
        return send(.selectPlan(planID: content.columns[target].planID))
    }

    private static func send(_ action: PlanComparisonAction) -> Effect<TerminalAction> { .send(.app(.plans(action))) }
}

/// Terminal-only state of the plans screen: how far the feature rows are scrolled.
public struct PlansUI: Equatable, Sendable {
    /// The first feature row shown, when the table is taller than the screen.
    public var rowOffset = 0

    public init() {}
}
