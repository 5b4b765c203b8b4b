import PaymentsCore
import Synchronization

extension Storefront {
    /// `base` narrowed to one customer, for a session whose person proved who they are some other
    /// way (an SSH key): every call naming an account must name `accountID`; a subscription,
    /// invoice, card or pending action is looked up and must be that account's; there is no
    /// listing of accounts but its own, no signing in as another, no new accounts; the feed and
    /// pending actions are that account's, never the store's. Test controls (the QA panel:
    /// store controls, test clocks, approvals, webhook replays) answer only when `testControls`
    /// is true (an admin key). A refusal is an `AccountScopeRefused`, shown by the screens.
    public static func scoped(_ base: Storefront, to accountID: String, testControls: Bool) -> Storefront {
        let scope = AccountScope(base: base, accountID: accountID, testControls: testControls)
        let own: @Sendable (String) async throws -> Void = { try scope.own($0) }
        let ownCard: @Sendable (String) async throws -> Void = { try await scope.ownCard($0) }
        let ownSubscription: @Sendable (String) async throws -> Void = { try await scope.ownSubscription($0) }
        let ownPending: @Sendable (String) async throws -> Void = { try await scope.ownPending($0) }
        let testControl: @Sendable (String) async throws -> Void = { _ in try scope.testControl() }
        let testPending: @Sendable (String) async throws -> Void = { try await scope.testControl(pending: $0) }
        let testOwn: @Sendable (String) async throws -> Void = { try scope.testControl(); try scope.own($0) }
        var client = base
        client.accounts.accounts = { try await base.accounts.accounts().filter { $0.id == accountID } }
        client.accounts.signedInAccount = {
            guard let account = try await base.accounts.signedInAccount(), account.id == accountID else { return nil }
            return account
        }
        client.accounts.signIn = checked(own, base.accounts.signIn)
        client.accounts.createAccount = { _ in throw AccountScopeRefused.newAccount }
        client.accounts.changeEmail = checked(own, base.accounts.changeEmail)
        client.accounts.now = checked(own, base.accounts.now)
        client.accounts.isEligibleForIntroOffer = checked(own, base.accounts.isEligibleForIntroOffer)
        client.plans.subscriptions = checked(own, base.plans.subscriptions)
        client.plans.entitlements = checked(own, base.plans.entitlements)
        client.plans.previewPlanChange = checked(ownSubscription, base.plans.previewPlanChange)
        client.plans.changePlan = checked({ try await scope.ownSubscription($0.subscriptionID) }, base.plans.changePlan)
        client.plans.statusVocabulary = checked(ownSubscription, base.plans.statusVocabulary)
        client.plans.cancelAtPeriodEnd = checked(ownSubscription, base.plans.cancelAtPeriodEnd)
        client.plans.resume = checked(ownSubscription, base.plans.resume)
        client.purchases.restorePurchases = checked(own, base.purchases.restorePurchases)
        client.purchases.validateOfferCode = { code, product, account in
            try scope.own(account)
            return try await base.purchases.validateOfferCode(code, product, account)
        }
        client.purchases.purchase = { request in
            try scope.own(request.accountID)
            if let card = request.paymentMethodID { try await scope.ownCard(card) }
            let outcome = try await base.purchases.purchase(request)
            if case let .requiresAction(action) = outcome { scope.issued(action.id) }
            return outcome
        }
        client.purchases.storePurchase = checked({ try scope.own($0.accountID) }, base.purchases.storePurchase)
        client.purchases.storePurchaseStatus = { pending, account in
            try scope.own(account)
            return try await base.purchases.storePurchaseStatus(pending, account)
        }
        client.purchases.completeAuthentication = checked(ownPending, base.purchases.completeAuthentication)
        client.wallet.paymentMethods = checked(own, base.wallet.paymentMethods)
        client.wallet.addCard = checked(own, base.wallet.addCard)
        client.wallet.removePaymentMethod = checked(ownCard, base.wallet.removePaymentMethod)
        client.wallet.setDefaultPaymentMethod = checked(ownCard, base.wallet.setDefaultPaymentMethod)
        client.billing.invoices = checked(own, base.billing.invoices)
        client.billing.invoice = { try await scope.ownInvoice($0) }
        client.billing.refund = checked({ try await scope.ownInvoice($0) }, base.billing.refund)
        client.billing.usage = checked(own, base.billing.usage)
        client.billing.pointsLedger = checked(own, base.billing.pointsLedger)
        client.feed.events = { account, after, limit in try await base.feed.events(scope.feed(account), after, limit) }
        client.feed.feedPosition = { try await base.feed.feedPosition(scope.feed($0)) }
        client.testControls.pendingActions = { try await base.testControls.pendingActions(scope.feed($0)) }
        client.testControls.approvePurchase = checked(testPending, base.testControls.approvePurchase)
        client.testControls.declinePurchase = checked(testPending, base.testControls.declinePurchase)
        client.testControls.answerPriceIncrease = checked(ownPending, base.testControls.answerPriceIncrease)
        client.testControls.storeControls = { try scope.testControl(); return try await base.testControls.storeControls() }
        client.testControls.updateStoreControls = { try scope.testControl(); try await base.testControls.updateStoreControls($0) }
        client.testControls.testClock = checked(testControl, base.testControls.testClock)
        client.testControls.advanceTestClock = checked(testControl, base.testControls.advanceTestClock)
        client.testControls.webhookDeliveries = { try scope.testControl(); return try await base.testControls.webhookDeliveries() }
        client.testControls.replayWebhook = checked(testControl, base.testControls.replayWebhook)
        client.testControls.duplicateWebhook = checked(testControl, base.testControls.duplicateWebhook)
        client.testControls.attachNewTestClock = checked(testOwn, base.testControls.attachNewTestClock)
        client.testControls.detachTestClock = checked(testOwn, base.testControls.detachTestClock)
        return client
    }
}

/// `call` once `check` accepted its first argument.
private func checked<A, R>(_ check: @escaping @Sendable (A) async throws -> Void,
                           _ call: @escaping @Sendable (A) async throws -> R) -> @Sendable (A) async throws -> R {
    { try await check($0); return try await call($0) }
}

private func checked<A, B, R>(_ check: @escaping @Sendable (A) async throws -> Void,
                              _ call: @escaping @Sendable (A, B) async throws -> R) -> @Sendable (A, B) async throws -> R {
    { try await check($0); return try await call($0, $1) }
}

private func checked<A, B, C, R>(_ check: @escaping @Sendable (A) async throws -> Void,
                                 _ call: @escaping @Sendable (A, B, C) async throws -> R) -> @Sendable (A, B, C) async throws -> R {
    { try await check($0); return try await call($0, $1, $2) }
}

/// What `Storefront.scoped` refuses, in words a screen shows as they are.
public enum AccountScopeRefused: Error, Hashable, Sendable, CustomStringConvertible {
    case otherAccount
    case newAccount
    case testControls

    public var description: String {
        switch self {
        case .otherAccount: "This session belongs to one account and cannot reach another."
        case .newAccount: "New accounts are made by signing in with a new SSH key, not from this session."
        case .testControls: "Test controls are only for admin keys (kiosk serve --ssh-admin-keys)."
        }
    }
}

/// The checks behind `Storefront.scoped`: which ids are the account's.
private final class AccountScope: Sendable {
    let base: Storefront
    let accountID: String
    let testControls: Bool
    /// Pending actions this session's purchases started (a card challenge), known to be its own.
    private let pending = Mutex<Set<String>>([])

    init(base: Storefront, accountID: String, testControls: Bool) {
        self.base = base
        self.accountID = accountID
        self.testControls = testControls
    }

    func own(_ id: String) throws {
        guard id == accountID else { throw AccountScopeRefused.otherAccount }
    }

    /// The account a feed call reads: the store-wide feed (nil) is this account's here.
    func feed(_ id: String?) throws -> String {
        try own(id ?? accountID)
        return accountID
    }

    func testControl() throws {
        guard testControls else { throw AccountScopeRefused.testControls }
    }

    func testControl(pending id: String) async throws {
        try testControl()
        try await ownPending(id)
    }

    func issued(_ id: String) {
        pending.withLock { _ = $0.insert(id) }
    }

    func ownPending(_ id: String) async throws {
        if pending.withLock({ $0.contains(id) }) { return }
        guard try await base.testControls.pendingActions(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    func ownSubscription(_ id: String) async throws {
        guard try await base.plans.subscriptions(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    func ownCard(_ id: String) async throws {
        guard try await base.wallet.paymentMethods(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    @discardableResult
    func ownInvoice(_ id: String) async throws -> Invoice {
        let invoice = try await base.billing.invoice(id)
        guard invoice.accountID == accountID else { throw AccountScopeRefused.otherAccount }
        return invoice
    }
}
