import PaymentsCore
import StorefrontClient

public struct PaywallFeature: Reducer {
    public let accounts: AccountsClient
    public let plans: PlansClient
    public let purchases: PurchasesClient

    public init(_ storefront: Storefront) {
        self.accounts = storefront.accounts
        self.plans = storefront.plans
        self.purchases = storefront.purchases
    }

    public func reduce(into state: inout PaywallState, action: PaywallAction) -> Effect<PaywallAction> {
        switch action {
        case .onAppear, .retry:
            state.phase = .loading
            return load(state)
        case .storeChanged:
            return load(state)
        case let .loaded(.success(data)):
            state.account = data.account
            guard let content = PaywallContent.make(data) else {
                state.phase = .empty
                return .none
            }
            state.phase = .loaded(content)
            if !content.packages.contains(where: { $0.productID == state.selectedProductID }) {
                state.selectedProductID = Self.defaultSelection(content)
            }
            return .none
        case let .loaded(.failure(error)):
            state.phase = .failed(error)
            return .none
        case let .selectPackage(productID):
            if state.phase.content?.packages.contains(where: { $0.productID == productID }) == true {
                state.selectedProductID = productID
            }
            return .none
        case .selectNext, .selectPrevious:
            guard let packages = state.phase.content?.packages, !packages.isEmpty else { return .none }
            let index = packages.firstIndex { $0.productID == state.selectedProductID } ?? 0
            let step = action == .selectNext ? 1 : packages.count - 1
            state.selectedProductID = packages[(index + step) % packages.count].productID
            return .none
        case .continueTapped:
            guard let productID = state.selectedProductID, let action = state.callToAction else { return .none }
            switch action {
            case .currentPlan, .owned, .scheduled: return .none
            case .upgrade, .downgrade, .switchPlan: return .send(.delegate(.changePlan(productID: productID)))
            case .startFreeTrial, .subscribe, .buy: return .send(.delegate(.checkout(productID: productID)))
            }
        case .restoreTapped:
            guard let accountID = state.account?.id, !state.isRestoring else { return .none }
            state.isRestoring = true
            state.restoreMessage = nil
            return .run { send in
                await send(.restoreFinished(await capture { try await purchases.restorePurchases(accountID) }))
            }
        case let .restoreFinished(result):
            state.isRestoring = false
            switch result {
            case let .success(restored):
                state.restoreMessage = RestoreWording.summary(restored, catalog: state.phase.content?.catalog)
                return load(state)
            case let .failure(error):
                state.restoreMessage = error.message
                return .none
            }
        case .closeTapped:
            return .send(.delegate(.close))
        case .delegate:
            return .none
        }
    }

    /// Yearly when offered (the better deal), otherwise the first package.
    private static func defaultSelection(_ content: PaywallContent) -> String? {
        let yearly = content.packages.first { package in
            if case let .subscription(period) = package.kind { period.years == 1 } else { false }
        }
        return (yearly ?? content.packages.first)?.productID
    }

    private func load(_ state: PaywallState) -> Effect<PaywallAction> {
        let known = state.account
        return .run { send in
            await send(.loaded(await capture {
                guard let account = try await Self.account(known, accounts: accounts) else { throw PaymentsError.notSignedIn }
                async let catalog = accounts.catalog()
                async let eligible = accounts.isEligibleForIntroOffer(account.id)
                async let subscriptions = plans.subscriptions(account.id)
                async let entitlements = plans.entitlements(account.id)
                return try await PaywallData(catalog: catalog, account: account, eligibleForIntroOffer: eligible,
                                             subscriptions: subscriptions, entitlements: entitlements)
            }))
        }
    }

    static func account(_ known: Account?, accounts: AccountsClient) async throws -> Account? {
        if let known { return known }
        return try await accounts.signedInAccount()
    }
}
