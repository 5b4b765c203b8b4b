import KioskViewModels
import PaymentsCore
import TerminalUI

/// The account manager: the section list on the left and the section on the right; one column
/// (a section line above the content) below 80 columns and in accessible mode.
enum SettingsScreen {
    static let labelWidth = 20
    static let listWidth = 22

    static func render(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let settings = state.app.settings
        let oneColumn = context.isAccessible || area.width < 80
        let lines = SettingsLines.make(settings, focus: state.settings.form, showsSectionLine: oneColumn, ticks: state.ticks)
        if context.isAccessible {
            LineStack(lines: [ScreenLine(.text("Settings", .title))] + lines.lines, labelWidth: labelWidth, context: context,
                      scroll: state.settings.form)
                .render(in: area, frame: &frame)
        } else if oneColumn {
            let panel = Panel(title: "Settings", theme: context.theme, glyphs: context.glyphs)
            panel.render(in: area, buffer: &frame.buffer)
            LineStack(lines: lines.lines, labelWidth: labelWidth, context: context, scroll: state.settings.form)
                .render(in: panel.inner(area), frame: &frame)
        } else {
            let columns = area.columns([.fixed(listWidth), .fill()])
            renderSectionList(state, in: columns[0], frame: &frame, context: context)
            let panel = Panel(title: settings.section.title, theme: context.theme, glyphs: context.glyphs)
            panel.render(in: columns[1], buffer: &frame.buffer)
            LineStack(lines: lines.lines, labelWidth: labelWidth, context: context, scroll: state.settings.form)
                .render(in: panel.inner(columns[1]), frame: &frame)
        }
        if let confirmation = settings.confirmation {
            SettingsConfirmationDialog.render(confirmation, focusedButton: state.settings.confirmationButton, in: area,
                                              frame: &frame, context: context)
        }
    }

    /// The sections, the current one marked; highlighted while the list itself has focus.
    private static func renderSectionList(_ state: TerminalState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let panel = Panel(title: "Settings", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        let inner = panel.inner(area)
        let sections = SettingsSection.allCases
        let selected = sections.firstIndex(of: state.app.settings.section) ?? 0
        let (theme, glyphs) = (context.theme, context.glyphs)
        let unmarked = String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        for (row, section) in sections.enumerated() where row < inner.height {
            let line = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            let style = row == selected ? theme.selected : theme.base
            let title = TextLayout.pad(section.title, to: max(0, inner.width - unmarked.count - 1), ellipsis: glyphs.ellipsis)
            frame.buffer.fill(line, with: .blank(style))
            frame.buffer.write("\(row == selected ? glyphs.selectionMarker : unmarked) \(title)", x: line.x, y: line.y, style: style, clip: inner)
            frame.addHit(line, .app(.settings(.selectSection(section))))
        }
        if state.settings.form.id != SettingsControlID.sections {
            frame.buffer.setStyle(theme.base.bolded(), in: Rect(x: inner.x, y: inner.y + selected, width: inner.width, height: 1))
        }
    }

    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        SettingsKeys.handle(key, &state)
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        SettingsKeys.hints(state)
    }

    /// Focus stays on a control that still exists; else it goes to the section's first control
    /// (or stays on the section list).
    static func reconcile(_ state: inout TerminalState) {
        let settings = state.app.settings
        if state.settings.scrolledSection != settings.section {
            state.settings.scrolledSection = settings.section
            state.settings.form.top = 0
            state.settings.form.isDetached = false
        }
        CardFormLines.focusFirstProblem(settings.cardForm?.errors ?? CardValidationErrors(),
                                        hadProblems: &state.settings.hadCardProblems, focus: &state.settings.form)
        let lines = SettingsLines.make(settings, focus: state.settings.form, showsSectionLine: true)
        let opened: String? = if settings.survey != nil {
            SettingsControlID.surveyReason(0)
        } else if settings.cardForm != nil, settings.section == .paymentMethods {
            CardFormLines.numberID
        } else if settings.newAccount != nil, settings.section == .accounts {
            SettingsControlID.newAccountName
        } else {
            nil
        }
        if opened != state.settings.openedForm {
            state.settings.openedForm = opened
            if let opened, lines.controls.contains(where: { $0.id == opened }) { state.settings.form.move(to: opened) }
        }
        if let id = state.settings.form.id, id.hasPrefix(SettingsControlID.pendingPrefix),
           !lines.controls.contains(where: { $0.id == id }) {
            state.settings.form.move(to: afterAnswer(lines.controls))
        }
        let inContent = state.settings.form.id != SettingsControlID.sections
        let fallback = inContent && lines.controls.count > 1 ? lines.controls[1].id : SettingsControlID.sections
        state.settings.form.keep(in: lines.controls, fallback: fallback)
        if settings.confirmation == nil { state.settings.confirmationButton = 1 }
    }

    /// Where focus goes once a pending action is answered and its buttons are gone: the next
    /// request's Approve, else the control just above the inbox, so the outcome (under the
    /// inbox's header) is in view; never back to the top of the panel (issue 41, item 12).
    private static func afterAnswer(_ controls: [LineControl]) -> String? {
        if let next = controls.first(where: { $0.id.hasPrefix(SettingsControlID.pendingPrefix) }) { return next.id }
        // The inbox sits between the faults and the webhook deliveries.
        let below = controls.firstIndex { $0.id.hasPrefix("qa.webhook.") || $0.id == "qa.events.more" } ?? controls.count
        return below > 1 ? controls[below - 1].id : nil
    }
}

/// Terminal-only state of the settings screen: the focused control (the section list counts as
/// one) and which button of a confirmation has focus.
public struct SettingsUI: Equatable, Sendable {
    public var form = FormFocus(id: SettingsControlID.sections)
    /// 0 is the confirming button, 1 the one that keeps things as they are (the default).
    public var confirmationButton = 1
    /// The first control of the form or survey last opened (add card, new account, the exit
    /// survey): focus jumps there once when it opens.
    var openedForm: String?
    /// The section the scroll position belongs to: another section starts at its top.
    var scrolledSection: SettingsSection?
    /// Whether the add-card form showed problems at the last reconcile.
    var hadCardProblems = false

    public init() {}
}

/// Ids of the settings controls, shared by the lines that draw them, the keys and the tests.
enum SettingsControlID {
    /// The section list (or, in one column, the section line).
    static let sections = "sections"
    static let surveyConfirm = "survey.confirm"
    static let newAccountName = "newAccount.name"
    static let surveyReasonPrefix = "survey.reason."
    /// The QA panel's "Advance by" field and its button: Enter in the field moves focus to the button.
    static let duration = "qa.duration"
    static let advance = "qa.advance"

    /// The QA inbox's buttons, one pair per pending action.
    static let pendingPrefix = "qa.pending."

    static func surveyReason(_ index: Int) -> String { surveyReasonPrefix + String(index) }
    static func approve(_ pendingID: String) -> String { "\(pendingPrefix)\(pendingID).approve" }
    static func decline(_ pendingID: String) -> String { "\(pendingPrefix)\(pendingID).decline" }
}
