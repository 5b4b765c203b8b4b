import KioskViewModels
import TerminalUI

/// The selected section's content as lines, after what is going on (working, the outcome of
/// the last action). The survey replaces the subscription section while cancelling.
enum SettingsLines {
    static func make(_ settings: SettingsState, focus: FormFocus, showsSectionLine: Bool, ticks: Int = 0) -> LineBuilder {
        var lines = LineBuilder(focus: focus, ticks: ticks)
        let sectionLine = "Section \(sectionNumber(settings.section)) of \(SettingsSection.allCases.count): "
            + settings.section.title
        if showsSectionLine {
            lines.line(ScreenLine(.text(sectionLine, .title), isFocused: focus.id == SettingsControlID.sections),
                       control: sectionControl)
        } else {
            lines.control(sectionControl)
        }
        if settings.isWorking { lines.text("\(lines.workingMark) Working…", .disabled) }
        if let message = settings.message { lines.text(message, .title) }
        if let survey = settings.survey, let content = settings.content, let subscription = content.subscription {
            SettingsSubscriptionLines.addSurvey(survey, subscription, to: &lines)
            return lines
        }
        switch settings.phase {
        case .loading:
            lines.text("\(lines.workingMark) Loading settings…", .title)
        case let .failed(error):
            lines.text("Settings could not be loaded", .error)
            lines.text(error.message)
            lines.buttons([("retry", "Retry", .app(.settings(.retry)))])
        case .empty:
            switch settings.section {
            case .accounts, .preferences, .qa: section(settings, content: nil, to: &lines)
            default:
                lines.text("Nobody is signed in. Sign in to an account or create one:", .warning)
                SettingsAccountLines.addAccounts(settings, to: &lines)
            }
        case let .loaded(content):
            section(settings, content: content, to: &lines)
        }
        return lines
    }

    static let sectionControl = LineControl(id: SettingsControlID.sections, action: nil, enterHint: "Open section")

    static func sectionNumber(_ section: SettingsSection) -> Int {
        (SettingsSection.allCases.firstIndex(of: section) ?? 0) + 1
    }

    private static func section(_ settings: SettingsState, content: SettingsContent?, to lines: inout LineBuilder) {
        switch settings.section {
        case .account:
            if let content { SettingsAccountLines.addAccount(content, to: &lines) }
        case .subscription:
            if let content { SettingsSubscriptionLines.add(settings, content, to: &lines) }
        case .paymentMethods:
            if let content { SettingsPaymentLines.add(settings, content, to: &lines) }
        case .usage:
            if let content { SettingsUsageLines.addUsage(content, to: &lines) }
        case .wallet:
            if let content { SettingsUsageLines.addWallet(settings, content, to: &lines) }
        case .accounts:
            SettingsAccountLines.addAccounts(settings, to: &lines)
        case .preferences:
            SettingsPreferencesLines.add(settings.preferences, to: &lines)
        case .qa:
            SettingsQALines.add(settings, to: &lines)
        }
    }
}
