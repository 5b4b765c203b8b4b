import PaymentsCore
import StorefrontClient

public struct PlanComparisonFeature: Reducer {
    public let accounts: AccountsClient
    public let plans: PlansClient
    public let wallet: WalletClient

    public init(_ storefront: Storefront) {
        self.accounts = storefront.accounts
        self.plans = storefront.plans
        self.wallet = storefront.wallet
    }

    public func reduce(into state: inout PlanComparisonState, action: PlanComparisonAction) -> Effect<PlanComparisonAction> {
        switch action {
        case .onAppear, .retry:
            state.phase = .loading
            return load(state)
        case .storeChanged:
            return state.isChanging ? .none : load(state)
        case let .loaded(.success(data)):
            state.account = data.account
            state.data = data
            rebuild(&state)
            return previewSelected(&state)
        case let .loaded(.failure(error)):
            state.phase = .failed(error)
            return .none
        case .togglePeriod:
            state.period = state.period.toggled
            rebuild(&state)
            return previewSelected(&state)
        case let .selectPlan(planID):
            guard state.phase.content?.columns.contains(where: { $0.planID == planID }) == true else { return .none }
            state.selectedPlanID = planID
            state.message = nil
            return previewSelected(&state)
        case let .previewLoaded(result):
            guard state.preview != nil else { return .none }
            state.preview = switch result {
            case let .success(summary): .loaded(summary)
            case let .failure(error): .failed(error)
            }
            return .none
        case .chooseTapped:
            return choose(&state)
        case .dismissConfirmation:
            state.confirmation = nil
            return .none
        case .confirmTapped:
            return confirmChange(&state)
        case let .changeFinished(result):
            state.isChanging = false
            switch result {
            case let .success(.changed(_, invoice)):
                state.message = "Plan changed. Charged \(invoice.total.formatted())."
            case let .success(.scheduled(subscription)):
                state.message = "Your plan changes on \(DateWording.day(subscription.currentPeriodEnd))."
            case let .success(.declined(reason, _)):
                state.message = DeclineWording.text(reason)
                return .none
            case let .failure(error):
                state.message = error.message
                return .none
            }
            return .merge(load(state), .send(.delegate(.planChanged(state.message ?? ""))))
        case let .cancelFinished(result):
            state.isChanging = false
            switch result {
            case let .success(subscription):
                state.message = "Your subscription ends on \(DateWording.day(subscription.currentPeriodEnd))."
                return load(state)
            case let .failure(error):
                state.message = error.message
                return .none
            }
        case .delegate:
            return .none
        }
    }

    /// Choose on a column: checkout for a new subscription, else the confirmation its change asks.
    private func choose(_ state: inout PlanComparisonState) -> Effect<PlanComparisonAction> {
        guard let column = state.selectedColumn, !state.isChanging else { return .none }
        switch column.action {
        case .current, .included, .scheduled: return .none
        case .subscribe:
            guard let productID = column.productID else { return .none }
            return .send(.delegate(.checkout(productID: productID)))
        case .cancelToFree:
            let end = state.phase.content?.subscription?.currentPeriodEnd
            state.confirmation = Confirmation(
                title: "Switch to \(column.name)?",
                message: "Your subscription will not renew. You keep access until "
                    + (end.map(DateWording.day) ?? "the end of the period") + ".",
                confirmTitle: "Cancel subscription")
            return .none
        case .upgrade, .downgrade, .crossgrade:
            guard case .loaded = state.preview else { return .none }
            state.confirmation = Confirmation(title: "\(column.action.title) to \(column.name)?",
                                              message: Self.confirmationMessage(state.preview?.content, catalog: state.data?.catalog),
                                              confirmTitle: column.action.title)
            return .none
        }
    }

    private func confirmChange(_ state: inout PlanComparisonState) -> Effect<PlanComparisonAction> {
        guard state.confirmation != nil, let column = state.selectedColumn,
              let subscription = state.phase.content?.subscription else { return .none }
        state.confirmation = nil
        state.isChanging = true
        state.message = nil
        if column.action == .cancelToFree {
            return .run { send in
                await send(.cancelFinished(await capture { try await plans.cancelAtPeriodEnd(subscription.id, nil) }))
            }
        }
        guard let productID = column.productID else { return .none }
        state.changeAttempt += 1
        let request = PlanChangeRequest(subscriptionID: subscription.id, toProductID: productID,
                                        idempotencyKey: "\(state.sessionID).plan-change.\(state.changeAttempt)")
        return .run { send in
            await send(.changeFinished(await capture { try await plans.changePlan(request) }))
        }
    }

    private func rebuild(_ state: inout PlanComparisonState) {
        guard let data = state.data else { return }
        guard let content = PlanComparisonContent.make(data, period: state.period) else {
            state.phase = .empty
            return
        }
        state.phase = .loaded(content)
        if !content.columns.contains(where: { $0.planID == state.selectedPlanID }) {
            state.selectedPlanID = content.currentPlanID ?? content.columns.first?.planID
        }
    }

    private func previewSelected(_ state: inout PlanComparisonState) -> Effect<PlanComparisonAction> {
        guard let column = state.selectedColumn, let productID = column.productID,
              let subscription = state.phase.content?.subscription,
              [.upgrade, .downgrade, .crossgrade].contains(column.action) else {
            state.preview = nil
            return .none
        }
        state.preview = .loading
        return .run { send in
            await send(.previewLoaded(await capture {
                let preview = try await plans.previewPlanChange(subscription.id, productID)
                // The card is named only when the balance pays part: then the split says which.
                guard !preview.appliedBalance.isZero else { return PlanChangeSummary(preview) }
                let card = PaymentSplitWording.planChangeCard(subscription,
                                                              among: try await wallet.paymentMethods(subscription.accountID))
                return PlanChangeSummary(preview, card: card.map(PaymentSplitWording.card))
            }))
        }
    }

    /// Says when and how much: a change at renewal charges nothing now, and then exactly the
    /// amount the renewal will charge (issue 41, item 4).
    static func confirmationMessage(_ summary: PlanChangeSummary?, catalog: Catalog?) -> String {
        guard let summary else { return "" }
        switch summary.effective {
        case .atRenewal:
            return "Nothing is charged now. \(ScheduledChangeWording.text(summary.preview, catalog: catalog)). "
                + "Until then you keep your current plan; you can undo this in Settings → Subscription."
        case .immediate:
            return "Charged now: \(summary.paidWith ?? summary.chargedNow) (credit for unused time \(summary.credit)). "
                + "Takes effect now. Next charge \(summary.nextCharge) on \(DateWording.day(summary.preview.nextChargeDate))."
        }
    }

    private func load(_ state: PlanComparisonState) -> Effect<PlanComparisonAction> {
        let known = state.account
        return .run { send in
            await send(.loaded(await capture {
                guard let account = try await PaywallFeature.account(known, accounts: accounts) else { throw PaymentsError.notSignedIn }
                async let catalog = accounts.catalog()
                async let subscriptions = plans.subscriptions(account.id)
                async let entitlements = plans.entitlements(account.id)
                return try await PlanComparisonData(catalog: catalog, account: account,
                                                    subscription: subscriptions.first { $0.isActive },
                                                    entitlements: entitlements)
            }))
        }
    }
}
