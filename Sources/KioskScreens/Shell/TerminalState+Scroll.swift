import KioskViewModels
import TerminalUI

/// Paging and wheel scrolling of the line screens (checkout, settings). The last painted frame
/// says what is where, so a page is exactly what the person sees, and focus always lands on a control
/// in view: the one that had it if it is still shown, else the first one shown in the direction
/// of travel, else none (detached) until Tab picks one.
extension TerminalState {
    enum ScrollMove: Equatable {
        case pageUp, pageDown, home, end
        case wheel(rows: Int)
    }

    /// Rows one notch of the wheel moves.
    static let wheelRows = 3

    /// The focus of the screen on top when it is a scrolling form that no dialog covers.
    var scrollingForm: WritableKeyPath<TerminalState, FormFocus>? {
        switch screen {
        case .checkout: app.checkout?.status == .confirmingStorePurchase ? nil : \.checkout.form
        case .settings: app.settings.confirmation == nil ? \.settings.form : nil
        case .paywall, .plans, .billing: nil
        }
    }

    /// Handles a paging key of a scrolling form as the last painted frame drew it (`view`); nil
    /// when the key is not one here.
    mutating func scrollKey(_ key: Key, view: LineScrollView?) -> Effect<TerminalAction>? {
        guard let form = scrollingForm else { return nil }
        let onSectionList = screen == .settings && self[keyPath: form].id == SettingsControlID.sections
        let move: ScrollMove
        switch key {
        case .pageUp where !onSectionList: move = .pageUp
        case .pageDown where !onSectionList: move = .pageDown
        case .home where !onSectionList && !isTypingInForm: move = .home
        case .end where !onSectionList && !isTypingInForm: move = .end
        default: return detachedKey(key, form: form, view: view)
        }
        guard let view else { return nil }
        scroll(move, view: view, form: form)
        return Effect.none
    }

    /// The wheel over a scrolling form, as the last frame drew it (`view`), scrolls it; nil when
    /// the wheel is elsewhere.
    mutating func wheel(_ event: MouseEvent, over view: LineScrollView?) -> Effect<TerminalAction>? {
        guard let form = scrollingForm, let view, view.area.contains(event.position) else { return nil }
        let rows = event.action == .scrollUp ? -Self.wheelRows : Self.wheelRows
        scroll(.wheel(rows: rows), view: view, form: form)
        return Effect.none
    }

    /// Takes the scroll position the last painted frame drew, so the next move starts from what
    /// the person sees.
    mutating func adoptScroll(of view: LineScrollView?) {
        guard let form = scrollingForm, let view else { return }
        self[keyPath: form].top = view.offset
    }

    var isTypingInForm: Bool {
        switch screen {
        case .checkout: CheckoutKeys.isTyping(self)
        case .settings: SettingsKeys.isTyping(self)
        case .billing: app.billing.exportPrompt != nil
        case .paywall, .plans: false
        }
    }

    private mutating func scroll(_ move: ScrollMove, view: LineScrollView, form: WritableKeyPath<TerminalState, FormFocus>) {
        let height = view.area.height
        let last = LineWindow(rows: view.rowCount, height: height, top: view.rowCount, focus: nil).offset
        let page = max(1, view.visibleRows - 1)
        let target = switch move {
        case .pageUp: view.offset - page
        case .pageDown: view.offset + page
        case .home: 0
        case .end: last
        case let .wheel(rows): view.offset + rows
        }
        let window = LineWindow(rows: view.rowCount, height: height, top: min(max(0, target), last), focus: nil)
        let shown = window.offset..<(window.offset + window.count)
        let visible = view.controls.filter { shown.contains($0.rows.lowerBound) }
        var focus = self[keyPath: form]
        focus.top = window.offset
        let downwards = window.offset >= view.offset
        let current = view.rows(of: focus.id)
        if move == .home, let first = view.controls.first, shown.contains(first.rows.lowerBound) {
            focus.move(to: first.id)
        } else if move == .end, let lastControl = view.controls.last, shown.contains(lastControl.rows.lowerBound) {
            focus.move(to: lastControl.id)
        } else if let current, shown.contains(current.lowerBound) {
            focus.isDetached = false
        } else if let next = downwards ? visible.first : visible.last {
            focus.move(to: next.id)
        } else {
            focus.isDetached = true
        }
        self[keyPath: form] = focus
    }

    /// While focus is detached, Tab and the arrows pick a control in view; any other key brings
    /// the focused control back into view first (and Enter does nothing more, so a control the
    /// person cannot see is never pressed).
    private mutating func detachedKey(_ key: Key, form: WritableKeyPath<TerminalState, FormFocus>,
                                      view: LineScrollView?) -> Effect<TerminalAction>? {
        guard self[keyPath: form].isDetached else { return nil }
        guard let view else {
            self[keyPath: form].isDetached = false
            return nil
        }
        let shown = view.offset..<(view.offset + view.visibleRows)
        let forward: Bool
        switch key {
        case .tab, .down, .character("j"): forward = true
        case .backTab, .up, .character("k"): forward = false
        case .enter:
            self[keyPath: form].isDetached = false
            return Effect.none
        default:
            self[keyPath: form].isDetached = false
            return nil
        }
        let candidates = forward
            ? view.controls.first { $0.rows.lowerBound >= shown.lowerBound }
            : view.controls.last { $0.rows.lowerBound < shown.upperBound }
        if let target = candidates ?? (forward ? view.controls.last : view.controls.first) {
            self[keyPath: form].move(to: target.id)
        } else {
            self[keyPath: form].isDetached = false
        }
        return Effect.none
    }
}
