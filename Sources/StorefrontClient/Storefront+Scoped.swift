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
        var client = base
        client.accounts.accounts = { try await base.accounts.accounts().filter { $0.id == accountID } }
        client.accounts.signedInAccount = {
            guard let account = try await base.accounts.signedInAccount(), account.id == accountID else { return nil }
            return account
        }
        client.accounts.signIn = { id in try scope.own(id); try await base.accounts.signIn(id) }
        client.accounts.createAccount = { _ in throw AccountScopeRefused.newAccount }
        client.accounts.changeEmail = { account, email in
            try scope.own(account)
            return try await base.accounts.changeEmail(account, email)
        }
        client.accounts.now = { try scope.own($0); return try await base.accounts.now($0) }
        client.accounts.isEligibleForIntroOffer = { try scope.own($0); return try await base.accounts.isEligibleForIntroOffer($0) }
        client.plans.subscriptions = { try scope.own($0); return try await base.plans.subscriptions($0) }
        client.plans.entitlements = { try scope.own($0); return try await base.plans.entitlements($0) }
        client.purchases.restorePurchases = { try scope.own($0); return try await base.purchases.restorePurchases($0) }
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
        client.purchases.storePurchase = { request in
            try scope.own(request.accountID)
            return try await base.purchases.storePurchase(request)
        }
        client.purchases.storePurchaseStatus = { pending, account in
            try scope.own(account)
            return try await base.purchases.storePurchaseStatus(pending, account)
        }
        client.purchases.completeAuthentication = { pending, approved in
            try await scope.ownPending(pending)
            return try await base.purchases.completeAuthentication(pending, approved)
        }
        client.plans.previewPlanChange = { subscription, product in
            try await scope.ownSubscription(subscription)
            return try await base.plans.previewPlanChange(subscription, product)
        }
        client.plans.changePlan = { request in
            try await scope.ownSubscription(request.subscriptionID)
            return try await base.plans.changePlan(request)
        }
        client.plans.statusVocabulary = { try await scope.ownSubscription($0); return try await base.plans.statusVocabulary($0) }
        client.plans.cancelAtPeriodEnd = { subscription, reason in
            try await scope.ownSubscription(subscription)
            return try await base.plans.cancelAtPeriodEnd(subscription, reason)
        }
        client.plans.resume = { try await scope.ownSubscription($0); return try await base.plans.resume($0) }
        client.billing.refund = { invoice, key in
            try await scope.ownInvoice(invoice)
            return try await base.billing.refund(invoice, key)
        }
        client.wallet.paymentMethods = { try scope.own($0); return try await base.wallet.paymentMethods($0) }
        client.wallet.addCard = { account, card, makeDefault in
            try scope.own(account)
            return try await base.wallet.addCard(account, card, makeDefault)
        }
        client.wallet.removePaymentMethod = { try await scope.ownCard($0); try await base.wallet.removePaymentMethod($0) }
        client.wallet.setDefaultPaymentMethod = { try await scope.ownCard($0); try await base.wallet.setDefaultPaymentMethod($0) }
        client.billing.invoices = { account, query in try scope.own(account); return try await base.billing.invoices(account, query) }
        client.billing.invoice = { try await scope.ownInvoice($0) }
        client.feed.events = { account, after, limit in try await base.feed.events(scope.feed(account), after, limit) }
        client.feed.feedPosition = { try await base.feed.feedPosition(scope.feed($0)) }
        client.billing.usage = { try scope.own($0); return try await base.billing.usage($0) }
        client.billing.pointsLedger = { account, cursor, limit in
            try scope.own(account)
            return try await base.billing.pointsLedger(account, cursor, limit)
        }
        client.testControls.pendingActions = { try await base.testControls.pendingActions(scope.feed($0)) }
        client.testControls.approvePurchase = { pending in
            try await scope.testControl(pending: pending)
            return try await base.testControls.approvePurchase(pending)
        }
        client.testControls.declinePurchase = { pending in
            try await scope.testControl(pending: pending)
            try await base.testControls.declinePurchase(pending)
        }
        client.testControls.answerPriceIncrease = { pending, accept in
            try await scope.ownPending(pending)
            return try await base.testControls.answerPriceIncrease(pending, accept)
        }
        client.testControls.storeControls = { try scope.testControl(); return try await base.testControls.storeControls() }
        client.testControls.updateStoreControls = { try scope.testControl(); try await base.testControls.updateStoreControls($0) }
        client.testControls.testClock = { try scope.testControl(); return try await base.testControls.testClock($0) }
        client.testControls.advanceTestClock = { clock, date in
            try scope.testControl()
            return try await base.testControls.advanceTestClock(clock, date)
        }
        client.testControls.webhookDeliveries = { try scope.testControl(); return try await base.testControls.webhookDeliveries() }
        client.testControls.replayWebhook = { try scope.testControl(); return try await base.testControls.replayWebhook($0) }
        client.testControls.duplicateWebhook = { try scope.testControl(); return try await base.testControls.duplicateWebhook($0) }
        client.testControls.attachNewTestClock = { account, name in
            try scope.testControl()
            try scope.own(account)
            return try await base.testControls.attachNewTestClock(account, name)
        }
        client.testControls.detachTestClock = { account in
            try scope.testControl()
            try scope.own(account)
            return try await base.testControls.detachTestClock(account)
        }
        return client
    }
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
