import Foundation
import PaymentsCore

extension SettingsFeature {
    /// The QA panel's test clock: attach one to the account, move it, detach it.
    func reduceTestClock(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case let .durationChanged(text):
            state.qa.durationText = text
            state.qa.clockError = nil
        case .advanceClockTapped:
            return advanceClock(&state)
        case let .clockAdvanced(result):
            state.qa.isAdvancing = false
            switch result {
            case let .success(report):
                state.qa.clock?.frozenTime = report.to
                state.qa.durationText = ""
                state.qa.clockMessage = Self.wording(report)
                return load()
            case let .failure(error):
                state.qa.clockMessage = error.message
            }
        case .attachClockTapped:
            guard !state.qa.isAdvancing, state.qa.clock == nil, let accountID = state.content?.account.customerID else {
                return .none
            }
            state.qa.isAdvancing = true
            state.qa.clockMessage = nil
            state.qa.clockError = nil
            return .run { send in
                await send(.clockAttached(await capture { try await testControls.attachNewTestClock(accountID, "QA \(accountID)") }))
            }
        case let .clockAttached(result):
            state.qa.isAdvancing = false
            switch result {
            case let .success(clock):
                state.qa.clock = clock
                state.qa.clockMessage = "Attached to test clock \(clock.id) at \(DateWording.minute(clock.frozenTime))."
                return .merge(load(), .send(.delegate(.accountChanged)))
            case let .failure(error):
                state.qa.clockMessage = error.message
            }
        case .detachClockTapped:
            guard !state.qa.isAdvancing, state.qa.clock != nil, let accountID = state.content?.account.customerID else {
                return .none
            }
            state.qa.isAdvancing = true
            state.qa.clockMessage = nil
            return .run { send in
                await send(.clockDetached(await capture { try await testControls.detachTestClock(accountID) }))
            }
        case let .clockDetached(result):
            state.qa.isAdvancing = false
            switch result {
            case .success:
                state.qa.clock = nil
                state.qa.clockMessage = "Back in real time."
                return .merge(load(), .send(.delegate(.accountChanged)))
            case let .failure(error):
                state.qa.clockMessage = error.message
            }
        default:
            break
        }
        return .none
    }

    private func advanceClock(_ state: inout SettingsState) -> Effect<SettingsAction> {
        guard !state.qa.isAdvancing else { return .none }
        state.qa.clockMessage = nil
        guard let clock = state.qa.clock else {
            state.qa.clockError = .noTestClock
            return .none
        }
        let typed = state.qa.durationText.trimmingCharacters(in: .whitespaces)
        let duration: ISODuration
        switch DurationText.parse(typed) {
        case let .success(parsed): duration = parsed
        case let .failure(error):
            state.qa.clockError = .notADuration(error)
            return .none
        }
        guard let target = try? duration.advance(clock.frozenTime) else {
            state.qa.clockError = .tooFar(typed)
            return .none
        }
        state.qa.clockError = nil
        state.qa.isAdvancing = true
        return .run { send in
            await send(.clockAdvanced(await capture { try await testControls.advanceTestClock(clock.id, target) }))
        }
    }

    /// The rest of the QA panel: flip controls and faults, answer pending actions, page the event
    /// log, replay webhooks.
    func reduceQA(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case let .toggleSwitch(control):
            return updateControls(&state) { control.set(!control.isOn($0), in: &$0) }
        case let .setCounter(counter, value):
            return updateControls(&state) { counter.set(max(0, value), in: &$0) }
        case let .backendUnreachableUntil(date):
            return updateControls(&state) { $0.backendUnreachableUntil = date }
        case let .armFault(fault):
            return updateControls(&state) { controls in
                controls.faults.removeAll { $0.operation == fault.operation }
                controls.faults.append(fault)
            }
        case let .disarmFault(operation):
            return updateControls(&state) { $0.faults.removeAll { $0.operation == operation } }
        case .clearFaults:
            return updateControls(&state) { $0.faults = [] }
        case let .controlsUpdated(result):
            state.qa.isUpdatingControls = false
            switch result {
            case let .success(controls): state.qa.controls = controls
            case let .failure(error): state.qa.controlsError = error
            }
        case .rereadControls:
            guard state.section == .qa, state.qa.controls != nil, !state.qa.isUpdatingControls else { return .none }
            return .run { send in
                await send(.controlsReread(await capture { try await testControls.storeControls() }))
            }
        case let .controlsReread(result):
            // A change made in the panel while the read was under way is newer than what it read.
            guard !state.qa.isUpdatingControls else { return .none }
            switch result {
            case let .success(controls):
                state.qa.controls = controls
                state.qa.controlsError = nil
            case let .failure(error):
                state.qa.controlsError = error
            }
        case let .approvePending(id):
            return resolve(&state, id: id, approve: true)
        case let .declinePending(id):
            return resolve(&state, id: id, approve: false)
        case let .pendingResolved(result):
            guard let id = state.qa.resolvingID else { return .none }
            state.qa.resolvingID = nil
            switch result {
            case let .success(message):
                state.qa.inboxMessage = message
                state.qa.pendingActions.removeAll { $0.id == id }
                return load()
            case let .failure(error):
                state.qa.inboxMessage = error.message
            }
        case .loadMoreEvents, .eventsLoaded, .replayWebhookTapped, .duplicateWebhookTapped, .webhookActionFinished:
            return reduceEventLog(into: &state, action: action)
        default:
            break
        }
        return .none
    }

    /// The QA panel's event log and webhook deliveries.
    private func reduceEventLog(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .loadMoreEvents:
            guard let cursor = state.qa.events.nextCursor, !state.qa.events.isLoadingMore else { return .none }
            state.qa.events.isLoadingMore = true
            state.qa.events.error = nil
            let accountID = state.content?.account.customerID
            return .run { send in
                await send(.eventsLoaded(await capture { try await feed.events(accountID, cursor, QAPanelState.eventPageSize) }))
            }
        case let .eventsLoaded(result):
            guard state.qa.events.isLoadingMore else { return .none }
            state.qa.events.isLoadingMore = false
            switch result {
            case let .success(events):
                state.qa.events.items += events
                state.qa.events.nextCursor = Self.eventCursor(events)
            case let .failure(error):
                state.qa.events.error = error
            }
        case let .replayWebhookTapped(id), let .duplicateWebhookTapped(id):
            let replay = if case .replayWebhookTapped = action { true } else { false }
            state.qa.webhookMessage = nil
            return .run { send in
                await send(.webhookActionFinished(await capture {
                    _ = try await replay ? testControls.replayWebhook(id) : testControls.duplicateWebhook(id)
                    return try await testControls.webhookDeliveries()
                }))
            }
        case let .webhookActionFinished(.success(deliveries)):
            state.qa.webhooks = deliveries
            state.qa.webhookMessage = "Queued again: it is delivered on the next pump."
        case let .webhookActionFinished(.failure(error)):
            state.qa.webhookMessage = error.message
        default:
            break
        }
        return .none
    }

    /// Writes the changed controls and reads them back, so the panel shows what the store keeps.
    private func updateControls(_ state: inout SettingsState, _ change: (inout StoreControls) -> Void) -> Effect<SettingsAction> {
        guard var controls = state.qa.controls, !state.qa.isUpdatingControls else { return .none }
        change(&controls)
        state.qa.isUpdatingControls = true
        state.qa.controlsError = nil
        return .run { [controls] send in
            await send(.controlsUpdated(await capture {
                try await testControls.updateStoreControls(controls)
                return try await testControls.storeControls()
            }))
        }
    }

    private func resolve(_ state: inout SettingsState, id: String, approve: Bool) -> Effect<SettingsAction> {
        guard state.qa.resolvingID == nil,
              let pending = state.qa.pendingActions.first(where: { $0.id == id }) else { return .none }
        state.qa.resolvingID = id
        state.qa.inboxMessage = nil
        let kind = pending.kindWords.prefix(1).lowercased() + pending.kindWords.dropFirst()
        let done = "\(approve ? "Approved" : "Declined") \(kind) for \(pending.subject(in: state.content))."
        return .run { send in
            await send(.pendingResolved(await capture {
                switch pending.kind {
                case .askToBuy, .interruptedPurchase:
                    if approve { _ = try await testControls.approvePurchase(id) } else { try await testControls.declinePurchase(id) }
                case .priceIncrease:
                    _ = try await testControls.answerPriceIncrease(id, approve)
                case .threeDSecure:
                    _ = try await purchases.completeAuthentication(id, approve)
                }
                return done
            }))
        }
    }

    /// "Advanced to Feb 1, 2026 at 00:00 UTC: 1 renewal, 0 failed renewals, 0 recoveries, 0 expirations, 1 trial conversion."
    static func wording(_ report: ClockAdvanceReport) -> String {
        let counts = [(report.renewals, "renewal"), (report.failedRenewals, "failed renewal"), (report.recoveries, "recovery"),
                      (report.expirations, "expiration"), (report.trialConversions, "trial conversion")]
        let parts = counts.map { count, noun in
            count == 1 ? "1 \(noun)" : "\(count) \(noun == "recovery" ? "recoveries" : noun + "s")"
        }
        return "Advanced to \(DateWording.minute(report.to)): \(parts.joined(separator: ", "))."
    }
}
