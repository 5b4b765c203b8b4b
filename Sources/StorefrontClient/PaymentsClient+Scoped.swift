import PaymentsCore
import Synchronization

extension PaymentsClient {
    /// `base` narrowed to one customer, for a session whose person proved who they are some other
    /// way (an SSH key): every call naming an account must name `accountID`; a subscription,
    /// invoice, card or pending action is looked up and must be that account's; there is no
    /// listing of accounts but its own, no signing in as another, no new accounts; the feed and
    /// pending actions are that account's, never the store's. Test controls (the QA panel:
    /// store controls, test clocks, approvals, webhook replays) answer only when `testControls`
    /// is true (an admin key). A refusal is an `AccountScopeRefused`, shown by the screens.
    public static func scoped(_ base: PaymentsClient, to accountID: String, testControls: Bool) -> PaymentsClient {
        let scope = AccountScope(base: base, accountID: accountID, testControls: testControls)
        var client = base
        client.accounts = { try await base.accounts().filter { $0.id == accountID } }
        client.signedInAccount = {
            guard let account = try await base.signedInAccount(), account.id == accountID else { return nil }
            return account
        }
        client.signIn = { id in
            try scope.own(id)
            try await base.signIn(id)
        }
        client.createAccount = { _ in throw AccountScopeRefused.newAccount }
        client.changeEmail = { account, email in
            try scope.own(account)
            return try await base.changeEmail(account, email)
        }
        client.now = { try scope.own($0); return try await base.now($0) }
        client.isEligibleForIntroOffer = { try scope.own($0); return try await base.isEligibleForIntroOffer($0) }
        client.subscriptions = { try scope.own($0); return try await base.subscriptions($0) }
        client.entitlements = { try scope.own($0); return try await base.entitlements($0) }
        client.restorePurchases = { try scope.own($0); return try await base.restorePurchases($0) }
        client.validateOfferCode = { code, product, account in
            try scope.own(account)
            return try await base.validateOfferCode(code, product, account)
        }
        client.purchase = { request in
            try scope.own(request.accountID)
            if let card = request.paymentMethodID { try await scope.ownCard(card) }
            let outcome = try await base.purchase(request)
            if case let .requiresAction(action) = outcome { scope.issued(action.id) }
            return outcome
        }
        client.storePurchase = { request in
            try scope.own(request.accountID)
            return try await base.storePurchase(request)
        }
        client.storePurchaseStatus = { pending, account in
            try scope.own(account)
            return try await base.storePurchaseStatus(pending, account)
        }
        client.completeAuthentication = { pending, approved in
            try await scope.ownPending(pending)
            return try await base.completeAuthentication(pending, approved)
        }
        client.previewPlanChange = { subscription, product in
            try await scope.ownSubscription(subscription)
            return try await base.previewPlanChange(subscription, product)
        }
        client.changePlan = { request in
            try await scope.ownSubscription(request.subscriptionID)
            return try await base.changePlan(request)
        }
        client.statusVocabulary = { try await scope.ownSubscription($0); return try await base.statusVocabulary($0) }
        client.cancelAtPeriodEnd = { subscription, reason in
            try await scope.ownSubscription(subscription)
            return try await base.cancelAtPeriodEnd(subscription, reason)
        }
        client.resume = { try await scope.ownSubscription($0); return try await base.resume($0) }
        client.refund = { invoice, key in
            try await scope.ownInvoice(invoice)
            return try await base.refund(invoice, key)
        }
        client.paymentMethods = { try scope.own($0); return try await base.paymentMethods($0) }
        client.addCard = { account, card, makeDefault in
            try scope.own(account)
            return try await base.addCard(account, card, makeDefault)
        }
        client.removePaymentMethod = { try await scope.ownCard($0); try await base.removePaymentMethod($0) }
        client.setDefaultPaymentMethod = { try await scope.ownCard($0); try await base.setDefaultPaymentMethod($0) }
        client.invoices = { account, query in
            try scope.own(account)
            return try await base.invoices(account, query)
        }
        client.invoice = { try await scope.ownInvoice($0) }
        client.events = { account, after, limit in try await base.events(scope.feed(account), after, limit) }
        client.feedPosition = { try await base.feedPosition(scope.feed($0)) }
        client.usage = { try scope.own($0); return try await base.usage($0) }
        client.pointsLedger = { account, cursor, limit in
            try scope.own(account)
            return try await base.pointsLedger(account, cursor, limit)
        }
        client.pendingActions = { try await base.pendingActions(scope.feed($0)) }
        client.approvePurchase = { pending in
            try await scope.testControl(pending: pending)
            return try await base.approvePurchase(pending)
        }
        client.declinePurchase = { pending in
            try await scope.testControl(pending: pending)
            try await base.declinePurchase(pending)
        }
        client.answerPriceIncrease = { pending, accept in
            try await scope.ownPending(pending)
            return try await base.answerPriceIncrease(pending, accept)
        }
        client.storeControls = { try scope.testControl(); return try await base.storeControls() }
        client.updateStoreControls = { try scope.testControl(); try await base.updateStoreControls($0) }
        client.testClock = { try scope.testControl(); return try await base.testClock($0) }
        client.advanceTestClock = { clock, date in
            try scope.testControl()
            return try await base.advanceTestClock(clock, date)
        }
        client.webhookDeliveries = { try scope.testControl(); return try await base.webhookDeliveries() }
        client.replayWebhook = { try scope.testControl(); return try await base.replayWebhook($0) }
        client.duplicateWebhook = { try scope.testControl(); return try await base.duplicateWebhook($0) }
        client.attachNewTestClock = { account, name in
            try scope.testControl()
            try scope.own(account)
            return try await base.attachNewTestClock(account, name)
        }
        client.detachTestClock = { account in
            try scope.testControl()
            try scope.own(account)
            return try await base.detachTestClock(account)
        }
        return client
    }
}

/// What `PaymentsClient.scoped` refuses, in words a screen shows as they are.
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

/// The checks behind `PaymentsClient.scoped`: which ids are the account's.
private final class AccountScope: Sendable {
    let base: PaymentsClient
    let accountID: String
    let testControls: Bool
    /// Pending actions this session's purchases started (a card challenge), known to be its own.
    private let pending = Mutex<Set<String>>([])

    init(base: PaymentsClient, accountID: String, testControls: Bool) {
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
        guard try await base.pendingActions(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    func ownSubscription(_ id: String) async throws {
        guard try await base.subscriptions(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    func ownCard(_ id: String) async throws {
        guard try await base.paymentMethods(accountID).contains(where: { $0.id == id }) else {
            throw AccountScopeRefused.otherAccount
        }
    }

    @discardableResult
    func ownInvoice(_ id: String) async throws -> Invoice {
        let invoice = try await base.invoice(id)
        guard invoice.accountID == accountID else { throw AccountScopeRefused.otherAccount }
        return invoice
    }
}
