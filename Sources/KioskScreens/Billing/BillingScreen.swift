import Foundation
import KioskViewModels
import PaymentsCore
import TerminalUI

/// Billing history: a table over the window of invoices the view model keeps, with the detail
/// of one invoice, filters and exports.
enum BillingScreen {
    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let billing = state.app.billing
        if let detail = billing.detail {
            InvoiceDetailView.render(detail, in: area, frame: &frame, context: context)
            return
        }
        switch billing.phase {
        case .loading:
            PhaseMessageView(title: "Billing history", lines: ["Loading invoices…"]).render(in: area, frame: &frame, context: context)
        case let .failed(error):
            PhaseMessageView.failure(title: "Billing history", what: "Invoices could not be loaded.", error: error, retry: .app(.billing(.retry)))
                .render(in: area, frame: &frame, context: context)
        case .empty:
            emptyMessage(billing.filter).render(in: area, frame: &frame, context: context)
        case .loaded:
            if context.isAccessible {
                BillingAccessibleView.render(billing, in: area, frame: &frame, context: context)
            } else {
                BillingLoadedView.render(billing, in: area, frame: &frame, context: context)
            }
        }
        if let confirmation = billing.confirmation {
            dialog(confirmation).render(in: area, frame: &frame, context: context)
        } else if let prompt = billing.exportPrompt {
            ExportPromptDialog(prompt: prompt).render(in: area, frame: &frame, context: context)
        }
    }

    private static func emptyMessage(_ filter: InvoiceFilter) -> PhaseMessageView {
        if filter != InvoiceFilter() {
            return PhaseMessageView(title: "Billing history",
                                    lines: ["No invoices match \(BillingWording.filter(filter)).",
                                            "s and y change the filter; c clears it."],
                                    button: ("c Clear filters", .app(.billing(.filterChanged(InvoiceFilter())))))
        }
        return PhaseMessageView(title: "Billing history",
                                lines: ["No invoices yet.", "Your receipts appear here after your first purchase."],
                                button: ("Enter Browse the store", .app(.billing(.showPaywallTapped))))
    }

    /// "Replace invoices.csv?" when an export would overwrite a file.
    private static func dialog(_ confirmation: Confirmation) -> YesNoDialog {
        YesNoDialog(confirmation: confirmation, confirm: .app(.billing(.confirmTapped)),
                    dismiss: .app(.billing(.dismissConfirmation)))
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let billing = state.app.billing
        state.billing.pendingJump = nil
        if let confirmation = billing.confirmation { return dialog(confirmation).handle(key) }
        if let prompt = billing.exportPrompt { return ExportPromptDialog(prompt: prompt).handle(key) }
        if billing.detail != nil {
            switch key {
            case .escape, .backspace, .enter: return send(.closeDetail)
            default: return nil
            }
        }
        switch billing.phase {
        case .loading:
            return nil
        case .failed:
            return key == .character("r") ? send(.retry) : nil
        case .empty:
            switch key {
            case .enter where billing.filter == InvoiceFilter(): return send(.showPaywallTapped)
            default: return filterKey(key, state)
            }
        case .loaded:
            return listKey(key, &state) ?? filterKey(key, state)
        }
    }

    private static func listKey(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let billing = state.app.billing
        switch key {
        case .up, .character("k"): return send(.moveSelection(by: -1))
        case .down, .character("j"): return send(.moveSelection(by: 1))
        case .pageUp: return send(.moveSelection(by: -billing.viewportHeight))
        case .pageDown: return send(.moveSelection(by: billing.viewportHeight))
        case .home, .end:
            let jump: BillingJump = key == .home ? .start : .end
            state.billing.pendingJump = jump
            return send(.moveSelection(by: jump.step))
        case .enter: return send(.openSelected)
        case .character("e"): return send(.exportTapped(.csv, defaultDirectory: state.exportDirectory))
        case .character("J"): return send(.exportTapped(.json, defaultDirectory: state.exportDirectory))
        default: return nil
        }
    }

    /// s and y cycle the status and year filters through every value and back to all; c clears both.
    private static func filterKey(_ key: Key, _ state: TerminalState) -> Effect<TerminalAction>? {
        var filter = state.app.billing.filter
        switch key {
        case .character("s"):
            let statuses: [InvoiceStatus?] = [nil] + InvoiceStatus.allCases
            let index = statuses.firstIndex(of: filter.status) ?? 0
            filter.status = statuses[(index + 1) % statuses.count]
        case .character("y"):
            let years: [Int?] = [nil] + state.billing.knownYears
            let index = years.firstIndex(of: filter.year) ?? 0
            filter.year = years[(index + 1) % years.count]
        case .character("c"):
            filter = InvoiceFilter()
        default:
            return nil
        }
        return filter == state.app.billing.filter ? Effect.none : send(.filterChanged(filter))
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        let billing = state.app.billing
        let global = [KeyHint(key: "?", action: "Help"), KeyHint(key: "q", action: "Quit")]
        if let confirmation = billing.confirmation { return dialog(confirmation).hints }
        if let prompt = billing.exportPrompt { return ExportPromptDialog(prompt: prompt).hints }
        if billing.detail != nil { return [KeyHint(key: "Esc", action: "Close invoice"), KeyHint(key: "1-4", action: "Tabs")] + global }
        switch billing.phase {
        case .loaded:
            // Most needed first: a narrow footer keeps whole hints from the left, and the
            // arrows are the keys a person tries without being told.
            return [KeyHint(key: "Enter", action: "Open"), KeyHint(key: "e/J", action: "Export"), KeyHint(key: "s/y", action: "Filter"),
                    KeyHint(key: "↑/↓", action: "Move")] + global + [KeyHint(key: "PgDn/End", action: "Page")]
        case .empty:
            let first = billing.filter == InvoiceFilter() ? KeyHint(key: "Enter", action: "Store") : KeyHint(key: "c", action: "Clear filters")
            return [first, KeyHint(key: "s/y", action: "Filter"), KeyHint(key: "1-4", action: "Tabs")] + global
        case .failed:
            return [KeyHint(key: "r", action: "Retry")] + global
        case .loading:
            return [KeyHint(key: "1-4", action: "Tabs")] + global
        }
    }

    /// Remembers the years of the unfiltered history for the year filter.
    static func reconcile(_ state: inout TerminalState) {
        let billing = state.app.billing
        guard billing.filter.year == nil, let rows = billing.window?.rows else { return }
        let years = Set(state.billing.knownYears).union(rows.map(\.year))
        state.billing.knownYears = years.sorted(by: >)
    }

    private static func send(_ action: BillingHistoryAction) -> Effect<TerminalAction> { .send(.app(.billing(action))) }
}

/// Terminal-only state of the billing screen.
public struct BillingUI: Equatable, Sendable {
    /// Home or End pressed: the view model holds a window of pages, so reaching either end of a
    /// long history takes several moves, each after the page it needs has loaded.
    public var pendingJump: BillingJump?
    /// Years seen in the unfiltered history, newest first: what `y` cycles through.
    public var knownYears: [Int] = []

    public init() {}
}

/// Which end of the billing history Home or End is heading for.
public enum BillingJump: Equatable, Sendable {
    case start, end

    /// A move larger than any window, clamped by the view model to the loaded rows.
    var step: Int { self == .start ? -1_000_000 : 1_000_000 }
}

/// Where the billing screen's parts go, shared by drawing and by the viewport height the view
/// model is told, so both agree on how many rows are on screen.
enum BillingLayout {
    /// Rows above the table inside the content: the filter line.
    static let linesAbove = 1
    /// Rows below the table: the export message.
    static let linesBelow = 1

    /// The table's rectangle (header included) inside the screen's content area.
    static func table(in content: Rect, accessible: Bool) -> Rect {
        let inner = accessible ? content : content.inset(by: 1)
        let rows = inner.rows([.fixed(linesAbove + (accessible ? 1 : 0)), .fill(), .fixed(linesBelow)])
        return rows[1]
    }

    /// Invoice rows visible for a terminal of `size` (the content is all but the tab and status bars).
    static func visibleRows(for size: Size, accessible: Bool) -> Int {
        let content = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        return max(1, table(in: content, accessible: accessible).height - 1)
    }
}

/// Sentences the billing screen shows in both layouts.
enum BillingWording {
    /// "status: paid, year: 2026".
    static func filter(_ filter: InvoiceFilter) -> String {
        "status: \(filter.status?.rawValue ?? "all"), year: \(filter.year.map(String.init) ?? "all")"
    }

    /// "Invoice 12 of 40+" (the total is known only once the last page has been loaded).
    static func position(_ billing: BillingHistoryState) -> String {
        guard let window = billing.window else { return "" }
        guard let total = window.total else { return "Invoice \(billing.selection + 1) of \(window.endIndex)+" }
        return "Invoice \(billing.selection + 1) of \(total)"
    }

    /// Exporting, the outcome of the last export, or nil.
    static func export(_ billing: BillingHistoryState) -> String? {
        billing.isExporting ? "Exporting…" : billing.exportMessage
    }
}
