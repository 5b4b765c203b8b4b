import KioskViewModels
import PaymentsCore
import TerminalUI

/// The settings' keys: the confirmation first, then ↑/↓ on the section list, Esc back out of a
/// form, the survey or the content, the letter shortcuts, then the form keys.
enum SettingsKeys {
    static func handle(_ key: Key, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let settings = state.app.settings
        if settings.confirmation != nil { return SettingsConfirmationDialog.handle(key, &state) }
        let controls = SettingsLines.make(settings, focus: state.settings.form, showsSectionLine: true).controls
        let focusedID = state.settings.form.id
        let inField = controls.first { $0.id == focusedID }?.field != nil
        if focusedID == SettingsControlID.sections, let effect = sectionKey(key, controls, &state) { return effect }
        if key == .escape || (key == .backspace && !inField) { return escape(settings, &state) }
        // On [Advance] what is typed is a duration, never shortcuts (issue 41, item 10): it goes
        // into the field, as if focus had been there.
        if focusedID == SettingsControlID.advance, case let .character(character) = key, character != "?",
           !character.isWhitespace || !settings.qa.durationText.isEmpty {
            state.settings.form.move(to: SettingsControlID.duration)
            return .send(.app(.settings(.durationChanged(settings.qa.durationText + String(character)))))
        }
        if !inField, case let .character(character) = key, let effect = inboxKey(character, settings, &state) { return effect }
        if !inField, case let .character(character) = key, let action = shortcut(character, settings) {
            return .send(.app(.settings(action)))
        }
        // Advancing from the field leaves it: the keys that follow are commands, not more typing
        // (a duration that does not read stays in the field, to be corrected).
        if key == .enter, focusedID == SettingsControlID.duration,
           case .success = DurationText.parse(settings.qa.durationText),
           let action = controls.first(where: { $0.id == SettingsControlID.duration })?.action {
            state.settings.form.move(to: SettingsControlID.advance)
            return .send(action)
        }
        if key == .enter, let id = focusedID, id.hasPrefix(SettingsControlID.surveyReasonPrefix),
           let action = controls.first(where: { $0.id == id })?.action {
            state.settings.form.move(to: SettingsControlID.surveyConfirm)
            return .send(action)
        }
        return FormKeys.handle(key, controls: controls, focus: &state.settings.form)?.effect
    }

    private static func sectionKey(_ key: Key, _ controls: [LineControl], _ state: inout TerminalState) -> Effect<TerminalAction>? {
        let sections = SettingsSection.allCases
        let index = sections.firstIndex(of: state.app.settings.section) ?? 0
        let target: Int
        switch key {
        case .up, .character("k"): target = max(0, index - 1)
        case .down, .character("j"): target = min(sections.count - 1, index + 1)
        case .home, .pageUp: target = 0
        case .end, .pageDown: target = sections.count - 1
        case .enter, .right, .character("l"):
            guard controls.count > 1 else { return Effect.none }
            state.settings.form.move(to: controls[1].id)
            return Effect.none
        default:
            return nil
        }
        return target == index ? Effect.none : .send(.app(.settings(.selectSection(sections[target]))))
    }

    private static func escape(_ settings: SettingsState, _ state: inout TerminalState) -> Effect<TerminalAction>? {
        if settings.survey != nil { return .send(.app(.settings(.dismissSurvey))) }
        if settings.cardForm != nil, settings.section == .paymentMethods { return .send(.app(.settings(.closeCardForm))) }
        if settings.newAccount != nil, settings.section == .accounts { return .send(.app(.settings(.closeNewAccount))) }
        guard state.settings.form.id != SettingsControlID.sections else { return nil }
        state.settings.form.move(to: SettingsControlID.sections)
        return Effect.none
    }

    /// The QA inbox's own keys (issue 41, item 21: Approve was about 20 Tabs away): `i` goes to
    /// the first request waiting, and on a request's buttons `y` approves and `n` declines it.
    private static func inboxKey(_ character: Character, _ settings: SettingsState,
                                 _ state: inout TerminalState) -> Effect<TerminalAction>? {
        guard settings.section == .qa, let first = settings.qa.pendingActions.first else { return nil }
        switch character {
        case "i":
            state.settings.form.move(to: SettingsControlID.approve(first.id))
            return Effect.none
        case "y", "n":
            guard let pending = focusedPending(settings, state.settings.form) else { return nil }
            return .send(.app(.settings(character == "y" ? .approvePending(id: pending.id) : .declinePending(id: pending.id))))
        default:
            return nil
        }
    }

    /// The pending action whose Approve or Decline has focus (and is in view).
    private static func focusedPending(_ settings: SettingsState, _ focus: FormFocus) -> PendingAction? {
        guard !focus.isDetached, let id = focus.id else { return nil }
        return settings.qa.pendingActions.first { id == SettingsControlID.approve($0.id) || id == SettingsControlID.decline($0.id) }
    }

    /// The letters of `SettingsState.keys`, when what they act on is there.
    private static func shortcut(_ character: Character, _ settings: SettingsState) -> SettingsAction? {
        guard let content = settings.content, settings.survey == nil else { return nil }
        let subscription = content.subscription
        switch character {
        case "c" where subscription?.canCancel == true: return .cancelTapped
        case "u" where subscription?.canResume == true: return .resumeTapped
        case "p": return .changePlanTapped
        case "x" where subscription?.canUndoScheduledChange == true: return .undoScheduledChangeTapped
        case "f" where content.latestPaidInvoice != nil: return .refundTapped
        case "r": return .restoreTapped
        case "a": return .addCardTapped
        default: return nil
        }
    }

    /// A text field has focus: letters and digits type into it instead of acting as keys.
    static func isTyping(_ state: TerminalState) -> Bool {
        let controls = SettingsLines.make(state.app.settings, focus: state.settings.form, showsSectionLine: true).controls
        return controls.first { $0.id == state.settings.form.id }?.field != nil
    }

    static func hints(_ state: TerminalState) -> [KeyHint] {
        let settings = state.app.settings
        if let confirmation = settings.confirmation { return SettingsConfirmationDialog.hints(confirmation) }
        let controls = SettingsLines.make(settings, focus: state.settings.form, showsSectionLine: true).controls
        var hints: [KeyHint] = []
        if state.settings.form.id == SettingsControlID.sections { hints.append(KeyHint(key: "↑/↓", action: "Section")) }
        hints += FormKeys.hints(controls: controls, focus: state.settings.form)
        // On the section list Enter opens the section, which only means something if it has controls.
        if controls.count < 2 { hints.removeAll { $0.key == "Enter" } }
        if settings.survey != nil {
            hints.append(KeyHint(key: "Esc", action: "Keep subscription"))
        } else if (settings.cardForm != nil && settings.section == .paymentMethods)
                    || (settings.newAccount != nil && settings.section == .accounts) {
            hints.append(KeyHint(key: "Esc", action: "Close form"))
        } else if state.settings.form.id != SettingsControlID.sections {
            hints.append(KeyHint(key: "Esc", action: "Sections"))
        }
        if settings.section == .qa, !settings.qa.pendingActions.isEmpty, state.settings.form.id != SettingsControlID.sections {
            hints.insert(contentsOf: focusedPending(settings, state.settings.form) != nil
                ? [KeyHint(key: "y", action: "Approve"), KeyHint(key: "n", action: "Decline")]
                : [KeyHint(key: "i", action: "Inbox")], at: 0)
        }
        if settings.survey == nil, let content = settings.content, settings.section == .subscription {
            if content.subscription?.canCancel == true { hints.append(KeyHint(key: "c", action: "Cancel plan")) }
            if content.subscription?.canResume == true { hints.append(KeyHint(key: "u", action: "Resume")) }
        }
        return hints
    }
}
