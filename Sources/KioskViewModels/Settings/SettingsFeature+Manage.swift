import Foundation
import PaymentsCore

extension SettingsFeature {
    /// Cancel, resume, change plan, refund, restore, and the confirmations the destructive ones
    /// ask first.
    func reduceManage(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .cancelTapped, .surveyReasonSelected, .dismissSurvey, .confirmCancelTapped, .cancelFinished:
            return reduceCancel(into: &state, action: action)
        case .resumeTapped:
            guard let subscription = state.content?.subscription, subscription.canResume, !state.isWorking else { return .none }
            state.isWorking = true
            state.message = nil
            let id = subscription.subscription.id
            return .run { send in
                await send(.resumeFinished(await capture { try await plans.resume(id) }))
            }
        case let .resumeFinished(result):
            // Resuming brings back the change scheduled before the cancel: say it with its amount.
            let scheduled = state.content?.subscription?.scheduledChange
            let catalog = state.content?.catalog
            return finish(&state, result) { subscription in
                guard let scheduled, subscription.pendingProductID == scheduled.toProductID else {
                    return "Your subscription renews on \(DateWording.day(subscription.currentPeriodEnd))."
                }
                return "Your subscription renews. \(ScheduledChangeWording.text(scheduled, catalog: catalog))."
            }
        case .changePlanTapped:
            return .send(.delegate(.changePlan))
        case .undoScheduledChangeTapped:
            guard let summary = state.content?.subscription, summary.canUndoScheduledChange, !state.isWorking else {
                return .none
            }
            state.isWorking = true
            state.message = nil
            let request = PlanChangeRequest(subscriptionID: summary.subscription.id, toProductID: summary.subscription.productID)
            return .run { send in
                await send(.undoScheduledChangeFinished(await capture { try await plans.changePlan(request) }))
            }
        case let .undoScheduledChangeFinished(result):
            let planName = state.content?.subscription?.planName ?? "your plan"
            let date = state.content?.subscription.map { DateWording.day($0.subscription.currentPeriodEnd) } ?? ""
            return finish(&state, result) { _ in "The scheduled change is undone: you stay on \(planName) after \(date)." }
        case .updatePaymentMethodTapped:
            state.section = .paymentMethods
            state.cardForm = CardFormState()
            return .none
        case .refundTapped:
            return askRefund(&state)
        case let .refundFinished(result):
            return finish(&state, result) { "Refunded \($0.original.total.formatted()) for invoice \($0.original.id)." }
        case .restoreTapped:
            guard let accountID = state.content?.account.customerID, !state.isWorking else { return .none }
            state.isWorking = true
            state.message = nil
            state.restoredLines = nil
            return .run { send in
                await send(.restoreFinished(await capture { try await purchases.restorePurchases(accountID) }))
            }
        case let .restoreFinished(result):
            let catalog = state.content?.catalog
            if case let .success(restored) = result { state.restoredLines = restored.lines(catalog: catalog) }
            return finish(&state, result) { RestoreWording.summary($0, catalog: catalog) }
        case .dismissConfirmation:
            state.confirmation = nil
            state.pendingConfirmation = nil
            return .none
        case .confirmTapped:
            guard let pending = state.pendingConfirmation, !state.isWorking else { return .none }
            state.confirmation = nil
            state.pendingConfirmation = nil
            state.isWorking = true
            state.message = nil
            return confirmed(pending, &state)
        default:
            return .none
        }
    }

    /// Cancelling at the period's end, with the exit survey asked first.
    private func reduceCancel(into state: inout SettingsState, action: SettingsAction) -> Effect<SettingsAction> {
        switch action {
        case .cancelTapped:
            guard state.content?.subscription?.canCancel == true, !state.isWorking else { return .none }
            state.survey = CancellationSurvey()
            state.message = nil
            return .none
        case let .surveyReasonSelected(reason):
            state.survey?.reason = reason
            return .none
        case .dismissSurvey:
            state.survey = nil
            return .none
        case .confirmCancelTapped:
            guard let survey = state.survey, let subscription = state.content?.subscription?.subscription,
                  !state.isWorking else { return .none }
            state.survey = nil
            state.isWorking = true
            return .run { send in
                await send(.cancelFinished(await capture { try await plans.cancelAtPeriodEnd(subscription.id, survey.reason) }))
            }
        case let .cancelFinished(result):
            let onCancel = state.content?.subscription?.scheduledChangeOnCancel.map { " " + $0 } ?? ""
            return finish(&state, result) { subscription in
                "Your subscription will not renew. You keep access until \(DateWording.day(subscription.currentPeriodEnd))."
                    + onCancel
            }
        default:
            return .none
        }
    }

    /// Asks before refunding the latest paid invoice, in the core's own terms for it.
    private func askRefund(_ state: inout SettingsState) -> Effect<SettingsAction> {
        guard let invoice = state.content?.latestPaidInvoice, !state.isWorking else { return .none }
        // The core's own terms for this refund: what the dialog says is what the refund does.
        let terms: RefundTerms
        do {
            terms = try RefundTerms(refunding: invoice)
        } catch {
            state.message = "This invoice cannot be refunded here: \(error)."
            return .none
        }
        let subscription = state.content?.subscription.flatMap { $0.subscription.id == invoice.subscriptionID ? $0 : nil }
        state.confirmation = Confirmation(
            title: "Refund \(terms.paidBack.formatted())?",
            message: "\(invoice.description) (invoice \(invoice.id), \(DateWording.day(invoice.createdAt))). "
                + RefundWording.confirmation(terms, planName: subscription?.planName),
            confirmTitle: "Refund")
        state.pendingConfirmation = .refund(invoiceID: invoice.id)
        return .none
    }
    private func confirmed(_ pending: SettingsConfirmation, _ state: inout SettingsState) -> Effect<SettingsAction> {
        switch pending {
        case let .refund(invoiceID):
            state.refundAttempt += 1
            let key = "\(state.sessionID).refund.\(invoiceID).\(state.refundAttempt)"
            return .run { send in
                await send(.refundFinished(await capture { try await billing.refund(invoiceID, key) }))
            }
        case let .removeCard(paymentMethodID):
            return .run { send in
                await send(.cardRemoved(await capture {
                    try await wallet.removePaymentMethod(paymentMethodID)
                    return paymentMethodID
                }))
            }
        case .signOut:
            let accountID = state.content?.account.customerID ?? ""
            return .run { send in
                await send(.signedOut(await capture {
                    try await accounts.signOut()
                    return accountID
                }))
            }
        }
    }

    /// Ends a running call: on success words the outcome and reloads, on failure shows why.
    func finish<Value>(_ state: inout SettingsState, _ result: Result<Value, ScreenError>,
                       _ success: (Value) -> String) -> Effect<SettingsAction> {
        state.isWorking = false
        switch result {
        case let .success(value):
            state.message = success(value)
            return load()
        case let .failure(error):
            state.message = error.message
            return .none
        }
    }
}
