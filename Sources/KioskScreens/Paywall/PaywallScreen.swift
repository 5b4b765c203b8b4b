import KioskViewModels
import TerminalUI

/// The store's front: what the plan gives, the packages to choose from, and the button that
/// starts checkout.
enum PaywallScreen {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let paywall = state.app.paywall
        switch paywall.phase {
        case .loading:
            PhaseMessageView(title: "Store", lines: ["Loading the store…"]).render(in: area, frame: &frame, context: context)
        case let .failed(error):
            PhaseMessageView.failure(title: "Store", what: "The store could not be loaded.", error: error, retry: .app(.paywall(.retry)))
                .render(in: area, frame: &frame, context: context)
        case .empty:
            PhaseMessageView(title: "Store", lines: ["Nothing is for sale right now.", "Press 4 for Settings or q to quit."])
                .render(in: area, frame: &frame, context: context)
        case let .loaded(content):
            if context.isAccessible {
                PaywallAccessibleView.render(paywall, content, in: area, frame: &frame, context: context)
            } else {
                PaywallLoadedView.render(paywall, content, in: area, frame: &frame, context: context)
            }
        }
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let paywall = state.app.paywall
        guard paywall.phase.content != nil else {
            if case .failed = paywall.phase, key == .character("r") { return send(.retry) }
            return nil
        }
        switch key {
        case .left, .up, .backTab, .character("h"), .character("k"): return send(.selectPrevious)
        case .right, .down, .tab, .character("l"), .character("j"): return send(.selectNext)
        case .home, .end:
            // The first and last package, as help promises for every list (issue 41, item 21).
            let packages = paywall.phase.content?.packages ?? []
            guard let target = key == .home ? packages.first : packages.last else { return nil }
            return send(.selectPackage(productID: target.productID))
        case .enter: return send(.continueTapped)
        case .character("r"): return send(.restoreTapped)
        default: return nil
        }
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        let paywall = state.app.paywall
        switch paywall.phase {
        case .loaded:
            // The packages are a column (cards or table rows), so the up and down arrows.
            var hints = [KeyHint(key: "↑/↓", action: "Package")]
            if paywall.callToAction?.isEnabled == true {
                hints.append(KeyHint(key: "Enter", action: PaywallWording.callToAction(paywall)))
            }
            hints += [KeyHint(key: "r", action: "Restore"), KeyHint(key: "1-4", action: "Tabs"),
                      KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
            return hints
        case .failed:
            return [KeyHint(key: "r", action: "Retry"), KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        case .loading, .empty:
            return [KeyHint(key: "1-4", action: "Tabs"), KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        }
    }

    /// The paywall keeps no terminal-only state: the view model owns the selection.
    static func reconcile(_ state: inout TerminalState) {}

    private static func send(_ action: PaywallAction) -> Effect<TerminalAction> { .send(.app(.paywall(action))) }
}

/// Sentences the paywall shows in both layouts.
enum PaywallWording {
    /// "Your plan: Pro from Season pass, until Apr 1, 2026.", nil on the free plan (the pitch is for it).
    static func status(_ content: PaywallContent) -> String? {
        content.plan.basis == .free ? nil : "Your plan: \(PlanStandingWording.standing(content.plan))."
    }

    /// What Enter does, for the button and the key hint.
    static func callToAction(_ paywall: PaywallState) -> String {
        paywall.callToAction?.title ?? "Continue"
    }

    static let restoreLabel = "r Restore purchases"
}
