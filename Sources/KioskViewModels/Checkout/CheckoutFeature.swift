import Foundation
import PaymentsCore
import StorefrontClient

public struct CheckoutFeature: Reducer {
    public let accounts: AccountsClient
    public let purchases: PurchasesClient
    public let plans: PlansClient
    public let wallet: WalletClient
    public let billing: BillingClient
    public let hostedCheckout: HostedCheckoutClient
    public let clock: any KioskClock

    public init(_ storefront: Storefront, clock: any KioskClock) {
        accounts = storefront.accounts
        purchases = storefront.purchases
        plans = storefront.plans
        wallet = storefront.wallet
        billing = storefront.billing
        hostedCheckout = storefront.hostedCheckout
        self.clock = clock
    }

    public func reduce(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case .onAppear, .retryLoad:
            state.phase = .loading
            return load(state)
        case let .loaded(.success(data)):
            state.account = data.account
            state.data = data
            state.now = data.now
            state.savedCards = data.paymentMethods
            state.browserWithheld = hostedCheckout.withheldBecause
            if data.account.hasPlaceholderEmail, state.receiptEmail == nil { state.receiptEmail = "" }
            if let card = data.paymentMethods.first(where: \.isDefault) ?? data.paymentMethods.first {
                state.payment = .savedCard(paymentMethodID: card.id)
            }
            refreshSummary(&state)
            return .none
        case let .loaded(.failure(error)):
            state.phase = .failed(error)
            return .none
        case let .clockTicked(now):
            state.now = now
            guard case let .browser(.waiting(session, startedAt, _)) = state.status else { return .none }
            let elapsed = Int(now.timeIntervalSince(startedAt))
            guard elapsed >= CheckoutState.browserTimeoutSeconds || now >= session.expiresAt else {
                state.status = .browser(.waiting(session: session, startedAt: startedAt, elapsedSeconds: elapsed))
                return .none
            }
            return reconcile(&state, sessionID: session.id, after: .timedOut)

        case let .promoCodeChanged(text):
            state.promoCodeText = text
            state.promoMessage = nil
            return .none
        case .applyPromoTapped:
            let code = state.promoCodeText.trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, let accountID = state.account?.id, !state.isValidatingPromo else { return .none }
            state.isValidatingPromo = true
            return .run { [productID = state.productID] send in
                await send(.promoValidated(await capture { try await purchases.validateOfferCode(code, productID, accountID) }))
            }
        case let .promoValidated(result):
            state.isValidatingPromo = false
            switch result {
            case let .success(code):
                state.promo = code
                state.promoMessage = nil
            case let .failure(error):
                state.promo = nil
                state.promoMessage = error.message
            }
            refreshSummary(&state)
            return .none
        case .removePromoTapped:
            state.promo = nil
            state.promoCodeText = ""
            state.promoMessage = nil
            refreshSummary(&state)
            return .none

        case let .selectPayment(choice):
            guard state.status == .editing, choice != .browser || state.browserWithheld == nil else { return .none }
            state.payment = choice
            return .none
        case let .cardNumberChanged(text):
            state.cardForm.setNumber(text)
            return .none
        case let .cardExpiryChanged(text):
            state.cardForm.setExpiry(text)
            return .none
        case let .cardCVCChanged(text):
            state.cardForm.setCVC(text)
            return .none
        case let .cardNameChanged(text):
            state.cardForm.name = text
            return .none
        case let .cardPostalCodeChanged(text):
            state.cardForm.postalCode = text
            state.cardForm.errors.postalCode = nil
            return .none

        case let .receiptEmailChanged(text):
            guard state.receiptEmail != nil else { return .none }
            state.receiptEmail = text
            state.receiptEmailError = nil
            return .none
        case let .receiptEmailSaved(.success(account)):
            guard state.status == .processing else { return .none }
            state.account = account
            state.receiptEmail = nil
            state.status = .editing
            return reduce(into: &state, action: .submitTapped)
        case let .receiptEmailSaved(.failure(error)):
            guard state.status == .processing else { return .none }
            state.status = .editing
            state.receiptEmailError = error.paymentsError.map(Self.emailProblem) ?? error.message
            return .none

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
            return .none
        case let .cardSaved(.success(method)):
            guard state.status == .processing else { return .none }
            state.addedPaymentMethodID = method.id
            state.cardForm = CardFormState()
            state.savedCards.append(method)
            return charge(state, paymentMethodID: method.id)
        case let .cardSaved(.failure(error)):
            guard state.status == .processing else { return .none }
            if case let .cardRejected(_, message)? = error.paymentsError {
                state.status = .declined(message: message, advice: "Check the card details and try again.")
                return .none
            }
            if case let .cardDeclined(reason)? = error.paymentsError {
                state.status = .declined(message: reason.message, advice: DeclineWording.advice(reason))
                return .none
            }
            state.status = .failed(error)
            return .none
        case .declinedCardRemoved(.success):
            return .none
        case let .declinedCardRemoved(.failure(error)):
            state.declinedCardRemovalError = error
            return .none
        case let .purchaseFinished(result):
            guard state.status == .processing || isAuthenticating(state) else { return .none }
            return finishPurchase(&state, result)
        case let .storePurchaseFinished(result):
            guard state.status == .processing else { return .none }
            switch result {
            case let .success(.success(transaction, receipt)):
                state.status = .succeeded(makeReceipt(receipt, transactionID: transaction.payload.transactionId, state: state))
                return .none
            case .success(.userCancelled):
                state.status = .editing
                return .none
            case let .success(.pending(pending)):
                state.status = .pendingApproval(pending)
                return .none
            case let .failure(error):
                if case .store(.userCancelled)? = error.paymentsError {
                    state.status = .editing
                } else {
                    state.status = .failed(error)
                }
                return .none
            }
        case let .planChangeFinished(result):
            guard state.status == .processing else { return .none }
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
            return .none
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
            switch result {
            case .success(.waiting):
                state.pendingApprovalCheckError = nil
            case .success(.approved):
                state.pendingApprovalCheckError = nil
                state.status = .succeeded(CheckoutReceipt(
                    transactionID: nil, invoiceNumber: "",
                    total: state.phase.content?.totalDueToday ?? .zero(invoice0Currency(state)),
                    unlocked: unlockedNames(productID: state.productID, state: state)))
            case .success(.declined):
                state.pendingApprovalCheckError = nil
                state.status = .declined(message: "Your request to buy was declined.", advice: "Ask again or choose something else.")
            case let .failure(error) where error.paymentsError == .pendingActionNotFound(pendingID):
                // Cleared or restored away: nobody can answer it any more.
                state.pendingApprovalCheckError = nil
                state.status = .declined(message: "This request to buy is no longer waiting: the store's purchases were cleared or restored.",
                                         advice: "Ask again or choose something else.")
            case let .failure(error):
                state.pendingApprovalCheckError = error
            }
            return .none

        case let .browserSessionCreated(result):
            guard case .browser(.creatingSession) = state.status else { return .none }
            switch result {
            case let .success(session):
                state.status = .browser(.waiting(session: session, startedAt: state.now ?? session.expiresAt, elapsedSeconds: 0))
                return .run { send in
                    await send(.browserOutcome(await capture { try await hostedCheckout.awaitOutcome(session.id) }))
                }
                .cancellable(id: BrowserWait(checkoutSessionID: state.sessionID), cancelInFlight: true)
            case let .failure(error):
                state.status = .failed(error)
                return .none
            }
        case let .browserOutcome(result), let .browserReconciled(result):
            // Once reconciling, only the server's answer decides, not a late browser event.
            var ending: BrowserCheckoutPhase.Ending?
            switch (state.status, action) {
            case (.browser(.waiting), .browserOutcome): break
            case let (.browser(.reconciling(_, after)), .browserReconciled): ending = after
            default: return .none
            }
            switch result {
            case let .success(.succeeded(invoiceID)):
                state.status = .processing
                return .run { send in
                    await send(.browserInvoiceLoaded(await capture { try await billing.invoice(invoiceID) }))
                }
            case let .success(.declined(message)):
                state.status = .declined(message: message, advice: "Try another payment method.")
            case .success(.cancelled):
                state.status = .browser(ending == .timedOut ? .timedOut : .cancelled)
            case .success(.expired):
                state.status = .browser(ending == .cancelled ? .cancelled : .timedOut)
            case let .failure(error):
                state.status = .failed(error)
            }
            return .none
        case let .browserInvoiceLoaded(result):
            guard state.status == .processing else { return .none }
            switch result {
            case let .success(invoice):
                state.status = .succeeded(CheckoutReceipt(transactionID: nil, invoiceNumber: invoice.id, total: invoice.total,
                                                          unlocked: unlockedNames(productID: state.productID, state: state)))
            case let .failure(error):
                state.status = .failed(error)
            }
            return .none
        case .openBrowserTapped, .copyLinkTapped:
            guard case let .browser(.waiting(session, _, _)) = state.status else { return .none }
            state.browserNotice = nil
            let opening = action == .openBrowserTapped
            return .run { send in
                await send(.browserLinkHandled(await capture {
                    if opening {
                        try await hostedCheckout.openInBrowser(session.url)
                        return "Opened the checkout page in your browser."
                    }
                    try await hostedCheckout.copyToClipboard(session.url)
                    return "Copied the checkout link."
                }))
            }
        case let .browserLinkHandled(result):
            switch result {
            case let .success(notice): state.browserNotice = notice
            case let .failure(error): state.browserNotice = "\(error.message) Open the link shown above by hand."
            }
            return .none
        case .browserCancelTapped:
            switch state.status {
            case let .browser(.waiting(session, _, _)):
                return reconcile(&state, sessionID: session.id, after: .cancelled)
            case .browser(.creatingSession):
                state.status = .browser(.cancelled)
            default:
                break
            }
            return .none

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
            return .none
        case .closeTapped:
            guard state.status != .processing else { return .none }
            return .send(.delegate(.close))
        case .doneTapped:
            guard case let .succeeded(receipt) = state.status else { return .none }
            return .send(.delegate(.finished(receipt)))
        case .delegate:
            return .none
        }
    }

    private func isAuthenticating(_ state: CheckoutState) -> Bool {
        if case .authenticating = state.status { true } else { false }
    }

    private func invoice0Currency(_ state: CheckoutState) -> Currency {
        state.account?.currency ?? .usd
    }

    private func refreshSummary(_ state: inout CheckoutState) {
        guard let data = state.data else { return }
        if let summary = OrderSummary.make(productID: state.productID, data: data, promo: state.promo) {
            state.phase = .loaded(summary)
        } else {
            state.phase = .empty
        }
    }

    /// The store's word on an email it refused, as the field shows it.
    static func emailProblem(_ error: PaymentsError) -> String {
        switch error {
        case .emailTaken: "That email belongs to another account; use another."
        case let .invalidInput(_, message): "The email \(message)."
        default: error.userMessage
        }
    }

    /// Starts the attempt with the chosen payment method; the status guard in `submitTapped`
    /// is what makes a second Enter while processing do nothing.
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
            state.status = .browser(.creatingSession)
            let request = HostedCheckoutRequest(accountID: accountID, productID: state.productID, offerCode: state.promo?.code,
                                                idempotencyKey: state.idempotencyKey)
            return .run { [clock] send in
                await send(.clockTicked(clock.now))
                await send(.browserSessionCreated(await capture { try await hostedCheckout.createSession(request) }))
            }
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

    private func unlockedNames(productID: String, state: CheckoutState) -> [String] {
        switch state.data?.catalog.product(id: productID) {
        case let .subscription(plan, _)?: unlockedNames(planID: plan.id, state: state)
        case let .oneTime(item)?:
            if let points = item.points { [CountWording.of(points, "point")] } else {
                item.entitlement.map { id in [state.data?.catalog.entitlements.first { $0.id == id }?.name ?? id] } ?? []
            }
        case nil: []
        }
    }

    private func load(_ state: CheckoutState) -> Effect<CheckoutAction> {
        let known = state.account
        let productID = state.productID
        return .run { send in
            await send(.loaded(await capture {
                guard let account = try await PaywallFeature.account(known, accounts: accounts) else { throw PaymentsError.notSignedIn }
                async let catalog = accounts.catalog()
                async let eligible = accounts.isEligibleForIntroOffer(account.id)
                async let methods = wallet.paymentMethods(account.id)
                async let subscriptions = plans.subscriptions(account.id)
                async let now = accounts.now(account.id)
                async let entitlements = plans.entitlements(account.id)
                let loadedCatalog = try await catalog
                var preview: PlanChangePreview?
                if case .subscription? = loadedCatalog.product(id: productID),
                   let active = try await subscriptions.first(where: \.isActive) {
                    preview = try await plans.previewPlanChange(active.id, productID)
                }
                return try await CheckoutData(catalog: loadedCatalog, account: account, eligibleForIntroOffer: eligible,
                                              paymentMethods: methods, planChange: preview, now: now,
                                              entitlements: entitlements)
            }))
        }
    }

    /// Stops waiting for the browser of a checkout that is being left, so its answer cannot
    /// arrive after the person has moved on.
    static func leave(_ state: CheckoutState) -> Effect<CheckoutAction> {
        .cancel(id: BrowserWait(checkoutSessionID: state.sessionID))
    }

    /// Giving up on the browser is "outcome unknown", never "not paid": look the session up. The
    /// wait itself stops, so only the server's answer can settle the checkout.
    private func reconcile(_ state: inout CheckoutState, sessionID: String,
                           after ending: BrowserCheckoutPhase.Ending) -> Effect<CheckoutAction> {
        state.status = .browser(.reconciling(sessionID: sessionID, after: ending))
        return .merge(Self.leave(state), .run { send in
            await send(.browserReconciled(await capture { try await hostedCheckout.abandon(sessionID) }))
        })
    }
}
