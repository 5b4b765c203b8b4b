import Foundation
import PaymentsCore
import StorefrontClient

/// The checkout: loading the order, the promo code, the payment form and receipt email, then the
/// payment itself (`+Payment`) or the browser's hosted page (`+Browser`), each a child reducer.
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
        case let .loaded(result):
            loaded(&state, result)
            return .none
        case let .clockTicked(now):
            return tick(&state, now: now)
        case .promoCodeChanged, .applyPromoTapped, .promoValidated, .removePromoTapped:
            return reducePromo(into: &state, action: action)
        case .selectPayment, .cardNumberChanged, .cardExpiryChanged, .cardCVCChanged, .cardNameChanged,
             .cardPostalCodeChanged, .receiptEmailChanged, .receiptEmailSaved:
            return reduceForm(into: &state, action: action)
        case .submitTapped, .cardSaved, .declinedCardRemoved, .purchaseFinished, .planChangeFinished, .retryTapped,
             .tryAgainTapped:
            return reducePayment(into: &state, action: action)
        case .storePurchaseConfirmed, .storePurchaseDismissed, .storePurchaseFinished, .authenticationAnswered,
             .checkPendingApproval, .pendingApprovalChecked:
            return reducePendingAction(into: &state, action: action)
        case .browserSessionCreated, .browserOutcome, .browserReconciled, .browserInvoiceLoaded, .browserCancelTapped,
             .openBrowserTapped, .copyLinkTapped, .browserLinkHandled:
            return reduceBrowser(into: &state, action: action)
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

    private func loaded(_ state: inout CheckoutState, _ result: Result<CheckoutData, ScreenError>) {
        switch result {
        case let .success(data):
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
        case let .failure(error):
            state.phase = .failed(error)
        }
    }

    private func tick(_ state: inout CheckoutState, now: Date) -> Effect<CheckoutAction> {
        state.now = now
        guard case let .browser(.waiting(session, startedAt, _)) = state.status else { return .none }
        let elapsed = Int(now.timeIntervalSince(startedAt))
        guard elapsed >= CheckoutState.browserTimeoutSeconds || now >= session.expiresAt else {
            state.status = .browser(.waiting(session: session, startedAt: startedAt, elapsedSeconds: elapsed))
            return .none
        }
        return reconcile(&state, sessionID: session.id, after: .timedOut)
    }

    /// The promo code field, its check with the store, and its removal.
    private func reducePromo(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case let .promoCodeChanged(text):
            state.promoCodeText = text
            state.promoMessage = nil
        case .applyPromoTapped:
            let code = state.promoCodeText.trimmingCharacters(in: .whitespaces)
            guard !code.isEmpty, let accountID = state.account?.id, !state.isValidatingPromo else { return .none }
            state.isValidatingPromo = true
            return .run { [productID = state.productID] send in
                await send(.promoValidated(await capture { try await purchases.validateOfferCode(code, productID, accountID) }))
            }
        case let .promoValidated(.success(code)):
            state.isValidatingPromo = false
            state.promo = code
            state.promoMessage = nil
            refreshSummary(&state)
        case let .promoValidated(.failure(error)):
            state.isValidatingPromo = false
            state.promo = nil
            state.promoMessage = error.message
            refreshSummary(&state)
        case .removePromoTapped:
            state.promo = nil
            state.promoCodeText = ""
            state.promoMessage = nil
            refreshSummary(&state)
        default:
            break
        }
        return .none
    }

    /// The payment choice, the card form's fields and the receipt email an SSH key's account is
    /// asked for (saved on the account, then the payment goes ahead).
    private func reduceForm(into state: inout CheckoutState, action: CheckoutAction) -> Effect<CheckoutAction> {
        switch action {
        case let .selectPayment(choice):
            guard state.status == .editing, choice != .browser || state.browserWithheld == nil else { return .none }
            state.payment = choice
        case let .cardNumberChanged(text): state.cardForm.setNumber(text)
        case let .cardExpiryChanged(text): state.cardForm.setExpiry(text)
        case let .cardCVCChanged(text): state.cardForm.setCVC(text)
        case let .cardNameChanged(text): state.cardForm.name = text
        case let .cardPostalCodeChanged(text):
            state.cardForm.postalCode = text
            state.cardForm.errors.postalCode = nil
        case let .receiptEmailChanged(text):
            guard state.receiptEmail != nil else { return .none }
            state.receiptEmail = text
            state.receiptEmailError = nil
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
        default:
            break
        }
        return .none
    }

    func refreshSummary(_ state: inout CheckoutState) {
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
}
