import Foundation
import PaymentsCore
import StorefrontClient

extension CheckoutFeature {
    /// Paying by card or changing plan: the submit (the status guard is what makes a second Enter
    /// while processing do nothing), the card saved for it, the answer, retry and try again.
    func reducePayment(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case .submitTapped:
            guard state.status == .editing, state.phase.content != nil else { return .none }
            if let email = state.receiptEmail, let accountID = state.account?.id {
                let typed = email.trimmingCharacters(in: .whitespaces)
                guard typed.contains("@"), !typed.hasPrefix("@"), !typed.hasSuffix("@") else {
                    state.receiptEmailError = "Type the email your receipts should go to, such as ann@example.com."
                    return .none
                }
                state.status = .processing
                return .run { send in
                    await send(.receiptEmailSaved(await capture { try await accounts.changeEmail(accountID, typed) }))
                }
            }
            if state.payment == .storeAccount && !state.isPlanChange {
                state.status = .confirmingStorePurchase
                return .none
            }
            return submit(&state)
        case let .cardSaved(.success(method)):
            guard state.status == .processing else { return .none }
            state.addedPaymentMethodID = method.id
            state.cardForm = CardFormState()
            state.savedCards.append(method)
            return charge(state, paymentMethodID: method.id)
        case let .cardSaved(.failure(error)):
            guard state.status == .processing else { return .none }
            switch error.paymentsError {
            case let .cardRejected(_, message)?:
                state.status = .declined(message: message, advice: "Check the card details and try again.")
            case let .cardDeclined(reason)?:
                state.status = .declined(message: reason.message, advice: DeclineWording.advice(reason))
            default:
                state.status = .failed(error)
            }
        case let .declinedCardRemoved(.failure(error)):
            state.declinedCardRemovalError = error
        case let .purchaseFinished(result):
            guard state.status == .processing || isAuthenticating(state) else { return .none }
            return finishPurchase(&state, result)
        case let .planChangeFinished(result):
            guard state.status == .processing else { return .none }
            finishPlanChange(&state, result)
        case .retryTapped:
            guard case .failed = state.status else { return .none }
            state.status = .editing
            state.retryCount += 1
            return submit(&state)
        case .tryAgainTapped:
            switch state.status {
            case .declined, .browser(.cancelled), .browser(.timedOut):
                state.attempt += 1
                state.retryCount = 0
                state.addedPaymentMethodID = nil
                state.status = .editing
            default:
                break
            }
        default:
            break
        }
        return .none
    }

    /// The store's own purchase sheet, the 3-D Secure challenge and ask to buy: actions pending
    /// on someone other than the merchant.
    func reducePendingAction(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case .storePurchaseConfirmed:
            guard state.status == .confirmingStorePurchase, let accountID = state.account?.id else { return .none }
            state.status = .processing
            let request = StorePurchaseRequest(accountID: accountID, productID: state.productID, offerCode: state.promo?.code,
                                               idempotencyKey: state.idempotencyKey)
            return .run { send in
                await send(.storePurchaseFinished(await capture { try await purchases.storePurchase(request) }))
            }
        case .storePurchaseDismissed:
            if state.status == .confirmingStorePurchase { state.status = .editing }
        case let .storePurchaseFinished(result):
            guard state.status == .processing else { return .none }
            switch result {
            case let .success(.success(transaction, receipt)):
                state.status = .succeeded(makeReceipt(receipt, transactionID: transaction.payload.transactionId, state: state))
            case let .success(.pending(pending)):
                state.status = .pendingApproval(pending)
            case .success(.userCancelled):
                state.status = .editing
            case let .failure(error):
                state.status = error.paymentsError == .store(.userCancelled) ? .editing : .failed(error)
            }
        case let .authenticationAnswered(approved):
            guard case let .authenticating(pending) = state.status else { return .none }
            state.status = .processing
            return .run { send in
                await send(.purchaseFinished(await capture { try await purchases.completeAuthentication(pending.id, approved) }))
            }
        case .checkPendingApproval:
            guard case let .pendingApproval(pending) = state.status, state.checkingPendingID != pending.id else { return .none }
            state.checkingPendingID = pending.id
            return .run { send in
                await send(.pendingApprovalChecked(pendingID: pending.id, await capture {
                    try await purchases.storePurchaseStatus(pending.id, pending.accountID)
                }))
            }
        case let .pendingApprovalChecked(pendingID, result):
            guard case let .pendingApproval(pending) = state.status, pending.id == pendingID else { return .none }
            state.checkingPendingID = nil
            finishPendingApproval(&state, pendingID: pendingID, result)
        default:
            break
        }
        return .none
    }

    private func finishPendingApproval(_ state: inout CheckoutState, pendingID: String,
                                       _ result: Result<PendingPurchaseStatus, ScreenError>) {
        state.pendingApprovalCheckError = nil
        switch result {
        case .success(.waiting):
            break
        case .success(.approved):
            state.status = .succeeded(CheckoutReceipt(
                transactionID: nil, invoiceNumber: "",
                total: state.phase.content?.totalDueToday ?? .zero(invoice0Currency(state)),
                unlocked: unlockedNames(productID: state.productID, state: state)))
        case .success(.declined):
            state.status = .declined(message: "Your request to buy was declined.", advice: "Ask again or choose something else.")
        case let .failure(error) where error.paymentsError == .pendingActionNotFound(pendingID):
            // Cleared or restored away: nobody can answer it any more.
            state.status = .declined(message: "This request to buy is no longer waiting: the store's purchases were cleared or restored.",
                                     advice: "Ask again or choose something else.")
        case let .failure(error):
            state.pendingApprovalCheckError = error
        }
    }

    private func finishPlanChange(_ state: inout CheckoutState, _ result: Result<PlanChangeOutcome, ScreenError>) {
        switch result {
        case let .success(.changed(subscription, invoice)):
            state.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: invoice.id, total: invoice.total,
                                                      unlocked: unlockedNames(planID: subscription.planID, state: state)))
        case let .success(.scheduled(subscription)):
            state.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: "", total: .zero(invoice0Currency(state)),
                                                      unlocked: unlockedNames(planID: subscription.planID, state: state)))
        case let .success(.declined(reason, _)):
            state.status = .declined(message: reason.message, advice: DeclineWording.advice(reason))
        case let .failure(error):
            state.status = .failed(error)
        }
    }

    private func isAuthenticating(_ state: CheckoutState) -> Bool {
        if case .authenticating = state.status { true } else { false }
    }

    private func invoice0Currency(_ state: CheckoutState) -> Currency {
        state.account?.currency ?? .usd
    }

    /// Starts the attempt with the chosen payment method.
    private func submit(_ state: inout CheckoutState) -> Effect<CheckoutAction> {
        guard let accountID = state.account?.id else { return .none }
        if let preview = state.data?.planChange {
            state.status = .processing
            let request = PlanChangeRequest(subscriptionID: preview.subscriptionID, toProductID: state.productID,
                                            idempotencyKey: state.idempotencyKey)
            return .run { send in
                await send(.planChangeFinished(await capture { try await plans.changePlan(request) }))
            }
        }
        switch state.payment {
        case let .savedCard(paymentMethodID):
            state.status = .processing
            return charge(state, paymentMethodID: paymentMethodID)
        case .newCard:
            if let added = state.addedPaymentMethodID {
                state.status = .processing
                return charge(state, paymentMethodID: added)
            }
            guard let now = state.now else { return .none }
            switch state.cardForm.details(now: now) {
            case let .failure(problems):
                state.cardForm.errors = problems
                return .none
            case let .success(details):
                state.status = .processing
                let makeDefault = state.savedCards.isEmpty
                return .run { send in
                    await send(.cardSaved(await capture { try await wallet.addCard(accountID, details, makeDefault) }))
                }
            }
        case .storeAccount:
            state.status = .confirmingStorePurchase
            return .none
        case .browser:
            return startBrowserCheckout(&state, accountID: accountID)
        }
    }

    private func charge(_ state: CheckoutState, paymentMethodID: String) -> Effect<CheckoutAction> {
        guard let accountID = state.account?.id else { return .none }
        let request = PurchaseRequest(accountID: accountID, productID: state.productID, offerCode: state.promo?.code,
                                      paymentMethodID: paymentMethodID, idempotencyKey: state.idempotencyKey)
        return .run { send in
            await send(.purchaseFinished(await capture { try await purchases.purchase(request) }))
        }
    }

    private func finishPurchase(_ state: inout CheckoutState, _ result: Result<PurchaseOutcome, ScreenError>) -> Effect<CheckoutAction> {
        switch result {
        case let .success(.purchased(receipt)):
            state.status = .succeeded(makeReceipt(receipt, transactionID: receipt.transaction?.payload.transactionId, state: state))
        case let .success(.declined(reason, _)):
            state.status = .declined(message: reason.message, advice: DeclineWording.advice(reason))
            // A card typed for this payment and declined is not kept: nobody asked to save it.
            if let added = state.addedPaymentMethodID {
                state.addedPaymentMethodID = nil
                state.savedCards.removeAll { $0.id == added }
                return .run { send in
                    await send(.declinedCardRemoved(await capture {
                        try await wallet.removePaymentMethod(added)
                        return added
                    }))
                }
            }
        case let .success(.requiresAction(pending)):
            state.status = .authenticating(pending)
        case let .failure(error):
            if case .invalidOfferCode? = error.paymentsError {
                state.promo = nil
                state.promoMessage = error.message
                state.status = .editing
                refreshSummary(&state)
            } else {
                state.status = .failed(error)
            }
        }
        return .none
    }

    private func makeReceipt(_ receipt: PurchaseReceipt, transactionID: String?, state: CheckoutState) -> CheckoutReceipt {
        var unlocked = receipt.entitlements.map { id in
            state.data?.catalog.entitlements.first { $0.id == id }?.name ?? id
        }
        if receipt.pointsCredited > 0 { unlocked.append(CountWording.of(receipt.pointsCredited, "point")) }
        return CheckoutReceipt(transactionID: transactionID, invoiceNumber: receipt.invoice.id, total: receipt.invoice.total,
                               unlocked: unlocked)
    }

    private func unlockedNames(planID: String, state: CheckoutState) -> [String] {
        guard let catalog = state.data?.catalog, let entitlement = catalog.plan(id: planID)?.entitlement else { return [] }
        return [catalog.entitlements.first { $0.id == entitlement }?.name ?? entitlement]
    }

    func unlockedNames(productID: String, state: CheckoutState) -> [String] {
        switch state.data?.catalog.product(id: productID) {
        case let .subscription(plan, _)?: unlockedNames(planID: plan.id, state: state)
        case let .oneTime(item)?:
            if let points = item.points { [CountWording.of(points, "point")] } else {
                item.entitlement.map { id in [state.data?.catalog.entitlements.first { $0.id == id }?.name ?? id] } ?? []
            }
        case nil: []
        }
    }
}
