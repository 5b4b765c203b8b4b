import KioskViewModels
import PaymentsCore
import TerminalUI

/// The QA engineer's panel: move the test clock, flip store controls and faults, answer the
/// pending-action inbox, see billing issues, the event log and the webhook deliveries.
enum SettingsQALines {
    static func add(_ settings: SettingsState, to lines: inout LineBuilder) {
        let qa = settings.qa
        let catalog = settings.content?.catalog
        addClock(qa, to: &lines)
        addControls(qa, to: &lines)
        addInbox(qa, content: settings.content, to: &lines)
        lines.text("Billing issues", .header)
        let issues = settings.content?.billingIssues ?? []
        if issues.isEmpty { lines.text("No subscription is in a grace period or billing retry.") }
        for issue in issues {
            lines.text("\(ProductWording.name(issue.productID, in: catalog)): \(issue.stateWords)",
                       .warning)
        }
        addWebhooks(qa, to: &lines)
        addEvents(qa, catalog: catalog, to: &lines)
    }

    private static func addClock(_ qa: QAPanelState, to lines: inout LineBuilder) {
        lines.text("Test clock", .header)
        if let clock = qa.clock {
            lines.pair("Now", DateWording.minute(clock.frozenTime))
            lines.buttons([("qa.detach", "Detach (back to real time)", qa.isAdvancing ? nil : .app(.settings(.detachClockTapped)))])
        } else {
            lines.text(ClockAdvanceInputError.noTestClock.description, .disabled)
            lines.buttons([("qa.attach", "Attach to a new test clock", qa.isAdvancing ? nil : .app(.settings(.attachClockTapped)))])
        }
        let advance = TerminalAction.app(.settings(.advanceClockTapped))
        lines.field(id: SettingsControlID.duration, TextField(label: "Advance by", text: qa.durationText,
                                                 error: qa.clockError?.description, width: 12),
                    binding: FieldBinding(text: qa.durationText, change: { .app(.settings(.durationChanged($0))) }),
                    submit: advance, submitHint: "Advance the clock")
        if qa.clockError == nil { lines.text("For example \(DurationText.examples).", .disabled) }
        // The button stays (inert) while the clock moves, so focus on it never falls back into
        // the field, where the next keys would type.
        lines.buttons([(SettingsControlID.advance, qa.isAdvancing ? "\(lines.workingMark) Advancing…" : "Advance",
                        qa.isAdvancing ? nil : advance)])
        if let message = qa.clockMessage { lines.text(message, .success) }
    }

    private static func addControls(_ qa: QAPanelState, to lines: inout LineBuilder) {
        lines.text("Store controls", .header)
        guard let controls = qa.controls else {
            if let error = qa.controlsError {
                lines.text(error.message, .error)
            } else {
                lines.text("\(lines.workingMark) Loading…", .disabled)
            }
            return
        }
        for control in StoreSwitch.allCases {
            lines.choice(id: "qa.switch.\(control.rawValue)", control.title, isOn: control.isOn(controls), isToggle: true,
                         action: .app(.settings(.toggleSwitch(control))), enterHint: "Switch")
        }
        for counter in StoreCounter.allCases {
            let value = counter.value(controls)
            lines.pair(counter.title, "\(value)")
            lines.buttons([("qa.counter.\(counter.rawValue).add", "Add one", .app(.settings(.setCounter(counter, value + 1)))),
                           ("qa.counter.\(counter.rawValue).reset", "Reset", .app(.settings(.setCounter(counter, 0))))])
        }
        lines.text("Faults (fail with a system error)", .header)
        for operation in StoreOperation.allCases {
            let armed = controls.faults.first { $0.operation == operation }
            let action: SettingsAction = armed != nil
                ? .disarmFault(operation) : .armFault(StoreFault(operation: operation, error: .systemError))
            let name = "Fail \(operation.rawValue.replacingOccurrences(of: "_", with: " "))"
            lines.choice(id: "qa.fault.\(operation.rawValue)", armed.map { "\(name) (\(reach($0)))" } ?? name,
                         isOn: armed != nil, isToggle: true, action: .app(.settings(action)), enterHint: "Switch")
        }
        if !controls.faults.isEmpty { lines.buttons([("qa.clearFaults", "Clear faults", .app(.settings(.clearFaults)))]) }
        if let error = qa.controlsError { lines.text(error.message, .error) }
    }

    /// How far an armed fault reaches: one armed from the command line with a count fails only
    /// that many calls, and says so.
    static func reach(_ fault: StoreFault) -> String {
        switch fault.remaining {
        case nil: "every call"
        case 1?: "the next call"
        case let count?: "the next \(count) calls"
        }
    }

    /// The outcome of the last answer comes right under the header, so it shows beside where
    /// focus goes next (the next request, or the control above the inbox).
    private static func addInbox(_ qa: QAPanelState, content: SettingsContent?, to lines: inout LineBuilder) {
        lines.text("Pending actions", .header)
        if let message = qa.inboxMessage { lines.text(message, .success) }
        if qa.pendingActions.isEmpty { lines.text("Nothing is waiting.") }
        for pending in qa.pendingActions {
            lines.text("\(pending.kindWords) for \(pending.subject(in: content)), since \(DateWording.minute(pending.createdAt))")
            lines.buttons([(SettingsControlID.approve(pending.id), "Approve", .app(.settings(.approvePending(id: pending.id)))),
                           (SettingsControlID.decline(pending.id), "Decline", .app(.settings(.declinePending(id: pending.id))))])
        }
    }

    private static func addWebhooks(_ qa: QAPanelState, to lines: inout LineBuilder) {
        lines.text("Webhook deliveries", .header)
        if qa.webhooks.isEmpty { lines.text("No webhooks sent yet.") }
        for delivery in qa.webhooks {
            lines.text("\(delivery.eventType.rawValue): \(delivery.status.rawValue), \(CountWording.of(delivery.attempts, "attempt"))")
            lines.buttons([("qa.webhook.\(delivery.id).replay", "Replay", .app(.settings(.replayWebhookTapped(deliveryID: delivery.id)))),
                           ("qa.webhook.\(delivery.id).duplicate", "Duplicate",
                            .app(.settings(.duplicateWebhookTapped(deliveryID: delivery.id))))])
        }
        if let message = qa.webhookMessage { lines.text(message, .success) }
    }

    private static func addEvents(_ qa: QAPanelState, catalog: Catalog?, to lines: inout LineBuilder) {
        lines.text("Event log", .header)
        if qa.events.items.isEmpty { lines.text("No events yet.") }
        for event in qa.events.items {
            let product = event.productID.map { "  \(ProductWording.name($0, in: catalog))" } ?? ""
            lines.text("\(DateWording.minute(event.at))  \(event.type.rawValue)\(product)")
        }
        if let error = qa.events.error { lines.text(error.message, .error) }
        if qa.events.isLoadingMore {
            lines.text("\(lines.workingMark) Loading more…", .disabled)
        } else if qa.events.hasMore {
            lines.buttons([("qa.events.more", "Load more", .app(.settings(.loadMoreEvents)))])
        }
    }
}
