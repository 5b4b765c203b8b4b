import KioskViewModels
import TerminalUI

extension BillingScreen {
    /// Run after every app action and resize: tells the view model how many rows are on screen
    /// (it pages by that), and continues a Home/End jump once the page it waited for is in.
    static func followUp(_ state: inout TerminalState, context: RenderContext) -> Effect<TerminalAction> {
        let billing = state.app.billing
        let rows = BillingLayout.visibleRows(for: state.size, accessible: context.isAccessible)
        if max(1, min(rows, billing.pageSize / 2)) != billing.viewportHeight {
            return .send(.app(.billing(.viewportResized(height: rows))))
        }
        guard let jump = state.billing.pendingJump else { return .none }
        guard let window = billing.window else {
            if !billing.phase.isLoading { state.billing.pendingJump = nil }
            return .none
        }
        guard billing.loadingPage == nil else { return .none }
        // Once at the window's edge with nothing loading, the view model had no further page to
        // fetch: this is the end of the history.
        let edge = jump == .end ? window.endIndex - 1 : window.startIndex
        if billing.selection == edge {
            state.billing.pendingJump = nil
            return .none
        }
        return .send(.app(.billing(.moveSelection(by: jump.step))))
    }
}
