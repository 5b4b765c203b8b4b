import Foundation

/// A customer buying something from the merchant by card, from the quote to the invoice, the
/// signed transaction and the entitlement, plus restore. What the App Store sells it books from
/// the App Store's notifications and receipts (`AppStoreSales`, `StoreSubscriptionMirror`).
struct Purchases: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var customerAccess: CustomerAccess { CustomerAccess(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(work: work) }
    var testControls: TestControls { TestControls(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// A card purchase (Stripe-like). `authenticated` is set when a 3-D Secure challenge for
    /// this request was approved.
    func purchase(_ request: PurchaseRequest, authenticated: Bool = false) async throws -> PurchaseOutcome {
        let method = try await accountRules.chargeableMethod(accountID: request.accountID, preferred: request.paymentMethodID)
        return try await performPurchase(accountID: request.accountID, productID: request.productID, offerCode: request.offerCode,
                                         card: method, authenticated: authenticated, cardRequest: request)
    }

    /// What an order names, checked: the account, the product, the account's "now" and the promo
    /// code (which must apply to the product then). A purchase and its preview start the same way.
    func order(accountID: String, productID: String, offerCode: String?) async throws
        -> (AccountRecord, CatalogProduct, Date, OfferCode?) {
        let account = try await account(accountID)
        guard let product = catalog.product(id: productID) else { throw PaymentsError.productNotFound(productID) }
        let now = try await now(for: account)
        var code: OfferCode?
        if let offerCode {
            code = try await invoicing.validOfferCode(offerCode, productID: productID, accountID: account.id, now: now)
        }
        return (account, product, now, code)
    }

    /// A purchase's invoices, ledger, transactions and entitlements.
    func performPurchase(accountID: String, productID: String, offerCode: String?, card: PaymentMethodRecord?,
                         appAccountToken: UUID? = nil, authenticated: Bool = false,
                         cardRequest: PurchaseRequest? = nil) async throws -> PurchaseOutcome {
        let (account, product, now, code) = try await order(accountID: accountID, productID: productID, offerCode: offerCode)
        let context = PurchaseContext(account: account, code: code, card: card, now: now,
                                      authenticated: authenticated, appAccountToken: appAccountToken,
                                      cardRequest: cardRequest)
        switch product {
        case let .subscription(plan, subscriptionProduct):
            return try await purchaseSubscription(plan: plan, product: subscriptionProduct, context)
        case let .oneTime(oneTime):
            return try await purchaseOneTime(product: oneTime, context)
        }
    }

    /// A card that needs 3-D Secure: nothing is charged yet; the request waits as a pending action
    /// until the challenge is approved or failed.
    private func requireAuthentication(_ context: PurchaseContext, productID: String) async throws -> PurchaseOutcome {
        guard let request = context.cardRequest else {
            throw PaymentsError.store(.purchaseNotAllowed)
        }
        let action = try await testControls.createPending(kind: .threeDSecure, accountID: context.account.id, productID: productID,
                                                          subscriptionID: nil, request: request, at: context.now)
        emit(.authenticationRequired, account: context.account.id, at: context.now, product: productID)
        return .requiresAction(action)
    }

    /// Eligible for an introductory offer: has never redeemed one in the group (StoreKit's rule).
    func isEligibleForIntro(accountID: String) async throws -> Bool {
        try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM intro_redemptions WHERE account_id = ? AND group_id = ?",
                                 [accountID, catalog.group]) == 0
    }

    private func purchaseSubscription(plan: Plan, product: SubscriptionProduct, _ context: PurchaseContext) async throws -> PurchaseOutcome {
        let (account, code, now) = (context.account, context.code, context.now)
        if let existing = try await accountRules.activeSubscription(accountID: account.id) {
            throw PaymentsError.alreadySubscribed(subscriptionID: existing.id)
        }
        let currency = account.currencyValue
        let quote = try await subscriptionQuote(account: account, plan: plan, product: product, code: code, now: now)
        let (lines, total, applied, intro) = (quote.lines, quote.total, quote.appliedBalance, quote.intro)
        let description = "Subscription to \(plan.name)"
        switch try await invoicing.collect(total, card: context.card, at: now, authenticated: context.authenticated) {
        case .requiresAuthentication:
            return try await requireAuthentication(context, productID: product.id)
        case let .declined(reason, summary):
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: nil, product: product.id,
                                                           kind: .subscriptionCreate, at: now, description: description, lines: lines,
                                                           currency: currency, status: .void, method: summary, failure: reason)
            emit(.purchaseDeclined, account: account.id, at: now, product: product.id, invoice: invoice.id,
             detail: reason.code)
            return .declined(reason: reason, invoice: invoice)
        case let .paid(summary):
            try await work.reserveIDs([.subscription, .invoice, .transaction])
            let subscriptionID = try await nextID(.subscription)
            guard var subscription = quote.subscription else {
                throw PaymentsError.storage("the quote for \(product.id) has no subscription")
            }
            let end = subscription.periodEnd
            subscription.id = subscriptionID
            subscription.paymentMethodID = context.paymentMethodID
            subscription.scheduleNextEvent()
            try await subscription.insert(into: store)
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: subscriptionID, product: product.id,
                                                           kind: .subscriptionCreate, at: now, description: description, lines: lines,
                                                           currency: currency, status: .paid, method: summary, card: context.card)
            let transaction = try await transactionIssuer.issueTransaction(
                account: account, product: .subscription(plan, product), subscription: subscription, invoice: invoice,
                purchaseDate: now, expires: end, offerType: intro != nil ? .introductory : (code != nil ? .offerCode : nil),
                offerCode: intro == nil ? code : nil, appAccountToken: context.appAccountToken, billing: subscription.billing)
            subscription.originalTransactionID = transaction.payload.transactionId
            try await subscription.update(in: store)
            try await accountRules.spendBalance(accountID: account.id, applied)
            if let intro {
                try await store.execute("INSERT INTO intro_redemptions(account_id, group_id, product_id, at) VALUES (?, ?, ?, ?)",
                                        [account.id, catalog.group, product.id, now])
                if intro.type == .freeTrial {
                    emit(.trialStarted, account: account.id, at: now, subscription: subscriptionID, product: product.id)
                }
            }
            if let code { try await invoicing.redeem(code, accountID: account.id, at: now) }
            emit(.subscriptionStarted, account: account.id, at: now, subscription: subscriptionID,
             product: product.id, invoice: invoice.id)
            emit(.purchaseCompleted, account: account.id, at: now, subscription: subscriptionID,
             product: product.id, invoice: invoice.id)
            return .purchased(PurchaseReceipt(
                productID: product.id, invoice: invoice, subscription: subscription.subscription,
                introOfferApplied: intro != nil, pointsCredited: 0, entitlements: plan.entitlement.map { [$0] } ?? [],
                transaction: transaction))
        }
    }

    private func purchaseOneTime(product: OneTimeProduct, _ context: PurchaseContext) async throws -> PurchaseOutcome {
        let (account, code, now) = (context.account, context.code, context.now)
        if product.type == .nonConsumable {
            let owned = try await store.fetchOne(Int.self, """
                SELECT COUNT(*) FROM purchases WHERE account_id = ? AND product_id = ? AND revoked_at IS NULL
                """, [account.id, product.id]) ?? 0
            guard owned == 0 else { throw PaymentsError.alreadyOwned(productID: product.id) }
        }
        let currency = account.currencyValue
        let quote = try await oneTimeQuote(account: account, product: product, code: code)
        let (lines, total, applied) = (quote.lines, quote.total, quote.appliedBalance)
        switch try await invoicing.collect(total, card: context.card, at: now, authenticated: context.authenticated) {
        case .requiresAuthentication:
            return try await requireAuthentication(context, productID: product.id)
        case let .declined(reason, summary):
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: nil, product: product.id, kind: .oneTime,
                                                           at: now, description: product.name, lines: lines, currency: currency,
                                                           status: .void, method: summary, failure: reason)
            emit(.purchaseDeclined, account: account.id, at: now, product: product.id, invoice: invoice.id,
             detail: reason.code)
            return .declined(reason: reason, invoice: invoice)
        case let .paid(summary):
            try await work.reserveIDs([.invoice, .purchase, .transaction])
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: nil, product: product.id, kind: .oneTime,
                                                           at: now, description: product.name, lines: lines, currency: currency,
                                                           status: .paid, method: summary, card: context.card)
            try await accountRules.spendBalance(accountID: account.id, applied)
            var expires: Date?
            if product.type == .nonRenewing, let duration = product.duration {
                expires = try await passExpiry(accountID: account.id, productID: product.id, duration: duration, boughtAt: now)
            }
            let points = product.type == .consumable ? (product.points ?? 0) : 0
            let purchase = await PurchaseRecord(id: try nextID(.purchase), accountID: account.id, productID: product.id,
                                          type: product.type, purchasedAt: now, expiresAt: expires, revokedAt: nil,
                                          invoiceID: invoice.id, points: points, billing: .card)
            try await purchase.insert(into: store)
            let transaction = try await transactionIssuer.issueTransaction(
                account: account, product: .oneTime(product), subscription: nil, invoice: invoice, purchaseDate: now,
                expires: expires, offerType: code != nil ? .offerCode : nil, offerCode: code,
                appAccountToken: context.appAccountToken, billing: .card)
            // A card purchase is recorded server-side at once.
            let credited = points
            if credited > 0 {
                try await accountRules.movePoints(accountID: account.id, delta: credited, reason: "Purchased \(product.name)",
                                     product: product.id, invoice: invoice.id, at: now)
            }
            if let code { try await invoicing.redeem(code, accountID: account.id, at: now) }
            emit(.purchaseCompleted, account: account.id, at: now, product: product.id, invoice: invoice.id)
            return .purchased(PurchaseReceipt(
                productID: product.id, invoice: invoice, subscription: nil, introOfferApplied: false,
                pointsCredited: credited, entitlements: product.entitlement.map { [$0] } ?? [], transaction: transaction))
        }
    }

    /// When a pass bought at `date` ends: a pass bought while one is still running extends it
    /// instead of overlapping it.
    func passExpiry(accountID: String, productID: String, duration: ISODuration, boughtAt date: Date) async throws -> Date {
        let latest = try await store.fetchOne(StoredRow.self, """
            SELECT MAX(expires_at) AS latest FROM purchases
            WHERE account_id = ? AND product_id = ? AND revoked_at IS NULL AND expires_at > ?
            """, [accountID, productID, date])?.get("latest", as: Date?.self)
        return try duration.advance(max(latest ?? date, date))
    }
}

extension IntroOffer.Kind {
    public var displayName: String {
        switch self {
        case .freeTrial: "free trial"
        case .payUpFront: "introductory price, paid up front"
        case .payAsYouGo: "introductory price"
        }
    }
}

extension ISODuration {
    /// "monthly", "yearly", "every 3 months": how a billing period reads on an invoice.
    public var billingWord: String {
        switch (years, months, weeks, days) {
        case (1, 0, 0, 0) where hours + minutes + seconds == 0: "yearly"
        case (0, 1, 0, 0) where hours + minutes + seconds == 0: "monthly"
        case (0, 0, 1, 0) where hours + minutes + seconds == 0: "weekly"
        case (0, let m, 0, 0) where m > 1 && hours + minutes + seconds == 0: "every \(m) months"
        default: "every \(description)"
        }
    }
}

/// Everything a purchase needs besides the product, gathered once.
struct PurchaseContext {
    var account: AccountRecord
    var code: OfferCode?
    /// The card to charge; nil when the account has none (a free first period needs none).
    var card: PaymentMethodRecord?
    var now: Date
    var authenticated: Bool
    var appAccountToken: UUID?
    /// The original card request, kept so a 3-D Secure challenge can resume it.
    var cardRequest: PurchaseRequest?

    var paymentMethodID: String? { card?.id }
}
