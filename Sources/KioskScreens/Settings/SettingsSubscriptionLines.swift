import KioskViewModels
import PaymentsCore

/// The subscription and what can be done with it: cancel (through the exit survey), resume,
/// change plan, refund the latest payment, restore purchases.
enum SettingsSubscriptionLines {
    static func add(_ settings: SettingsState, _ content: SettingsContent, to lines: inout LineBuilder) {
        guard let subscription = content.subscription else {
            lines.text("You have no subscription.")
            lines.blank()
            lines.buttons([("subscription.plans", "See plans", .app(.settings(.changePlanTapped))),
                           ("subscription.restore", "Restore purchases", .app(.settings(.restoreTapped)))])
            addRestored(settings, to: &lines)
            return
        }
        lines.pair("Plan", subscription.planName, .title)
        lines.pair("Status", subscription.statusWords)
        lines.text(subscription.renewalText)
        if let trial = subscription.trialText { lines.text(trial) }
        if let scheduled = subscription.scheduledChangeText { lines.text(scheduled, .warning) }
        if let balance = content.account.creditBalanceText {
            lines.pair("Account balance", "\(balance), taken before your card at the next charge")
        }
        if let banner = subscription.billingIssueBanner {
            lines.text(banner, .warning)
            lines.buttons([("subscription.updateCard", "Update payment method", .app(.settings(.updatePaymentMethodTapped)))])
        }
        lines.blank()
        var manage: [(id: String, label: String, action: TerminalAction?)] = []
        if subscription.canCancel { manage.append(("subscription.cancel", "Cancel subscription", .app(.settings(.cancelTapped)))) }
        if subscription.canResume { manage.append(("subscription.resume", "Resume subscription", .app(.settings(.resumeTapped)))) }
        manage.append(("subscription.change", "Change plan", .app(.settings(.changePlanTapped))))
        if subscription.canUndoScheduledChange {
            manage.append(("subscription.undoChange", "Keep \(subscription.planName)",
                           .app(.settings(.undoScheduledChangeTapped))))
        }
        lines.buttons(manage)
        var more: [(id: String, label: String, action: TerminalAction?)] = []
        if content.latestPaidInvoice != nil { more.append(("subscription.refund", "Request a refund", .app(.settings(.refundTapped)))) }
        more.append(("subscription.restore", "Restore purchases", .app(.settings(.restoreTapped))))
        lines.buttons(more)
        addRestored(settings, to: &lines)
    }

    private static func addRestored(_ settings: SettingsState, to lines: inout LineBuilder) {
        guard let restored = settings.restoredLines, !restored.isEmpty else { return }
        lines.text("Restored", .header)
        for line in restored { lines.text(line) }
    }

    /// The exit survey, shown over any section while cancelling.
    static func addSurvey(_ survey: CancellationSurvey, _ subscription: SubscriptionSummary,
                                  to lines: inout LineBuilder) {
        lines.text("Cancel \(subscription.planName)?", .title)
        lines.text("You keep access until \(DateWording.day(subscription.subscription.currentPeriodEnd)); "
            + "nothing more is charged." + (subscription.scheduledChangeOnCancel.map { " " + $0 } ?? "")
            + " Why are you cancelling? (optional)")
        for (index, choice) in CancellationSurvey.choices.enumerated() {
            lines.choice(id: SettingsControlID.surveyReason(index), choice.text, isOn: survey.reason == choice.reason,
                         action: .app(.settings(.surveyReasonSelected(choice.reason))), enterHint: "Choose this reason")
        }
        lines.blank()
        lines.buttons([(SettingsControlID.surveyConfirm, "Cancel subscription", .app(.settings(.confirmCancelTapped))),
                       ("survey.keep", "Keep subscription", .app(.settings(.dismissSurvey)))])
    }
}
