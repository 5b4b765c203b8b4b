import Foundation

extension Purchases {
    /// The invoice lines and, for a subscription, the record a purchase of `product` by `account`
    /// at `now` with `code` would create. Reads only; nothing is charged or stored.
    func purchaseQuote(account: AccountRecord, product: CatalogProduct, code: OfferCode?, now: Date) async throws -> PurchaseQuote {
        switch product {
        case let .subscription(plan, subscription):
            return try await subscriptionQuote(account: account, plan: plan, product: subscription, code: code, now: now)
        case let .oneTime(oneTime):
            return try await oneTimeQuote(account: account, product: oneTime, code: code)
        }
    }

    func subscriptionQuote(account: AccountRecord, plan: Plan, product: SubscriptionProduct, code: OfferCode?,
                           now: Date) async throws -> PurchaseQuote {
        let currency = account.currencyValue
        let intro = try await isEligibleForIntro(accountID: account.id) ? product.intro : nil
        let period = try terms.firstPeriod(plan: plan, product: product, currency: currency, introductory: intro != nil,
                                           code: code, at: now)
        let invoice = try invoicing.periodInvoice(period, for: account)
        let (lines, total, applied) = (invoice.lines, invoice.total, invoice.appliedBalance)
        var record = SubscriptionRecord(
            id: "", accountID: account.id, groupID: catalog.group, planID: plan.id, productID: product.id,
            state: .subscribed, periodType: period.periodType, periodStart: now, periodEnd: period.end, originalPurchase: now,
            seriesAnchor: now, seriesIndex: 0,
            introPeriodsLeft: period.introPeriodsLeft,
            // A code used on a free trial has discounted nothing yet: all its periods remain.
            offerCode: code?.code, offerPeriodsLeft: period.offerPeriodsLeft,
            willAutoRenew: true, pendingProductID: nil, expirationReason: nil, revocationDate: nil,
            revocationReason: nil, billingIssueAt: nil, unsubscribeAt: nil, graceEndsAt: nil, retryEndsAt: nil,
            nextRetryAt: nil, retryIndex: 0, openInvoiceID: nil, paidAmount: try total.adding(Money(minorUnits: applied, currency: currency)).minorUnits,
            currency: currency.code, paymentMethodID: nil, cancellationReason: nil,
            clockID: account.testClockID, nextEventAt: nil, originalTransactionID: nil,
            billing: .card, priceOverride: nil)
        record.scheduleNextEvent()
        return PurchaseQuote(lines: lines, total: total, appliedBalance: applied, subscription: record, intro: intro)
    }

    func oneTimeQuote(account: AccountRecord, product: OneTimeProduct, code: OfferCode?) async throws -> PurchaseQuote {
        let currency = account.currencyValue
        let regular = try await invoicing.price(product.price, product.prices, in: currency, product: product.id)
        var lines = [InvoiceLine(kind: .charge, description: product.name, amount: regular)]
        var afterDiscount = regular
        if let code, let off = catalog.discount(code, on: regular), !off.isZero {
            lines.append(InvoiceLine(kind: .discount, description: "Offer code \(code.code)", amount: off.negated))
            afterDiscount = try regular.subtracting(off)
        }
        var applied: Int64 = 0
        if let (line, used) = invoicing.balanceLine(for: account, subtotal: afterDiscount) {
            lines.append(line)
            applied = used
        }
        let total = try lines.reduce(Money.zero(currency)) { try $0.adding($1.amount) }
        return PurchaseQuote(lines: lines, total: total, appliedBalance: applied, subscription: nil, intro: nil)
    }
}

extension Purchases {
    /// The quote a purchase of `productID` would apply now, and for a subscription its first
    /// renewal after the balance this purchase consumes.
    func preview(accountID: String, productID: String, offerCode: String?) async throws -> PurchasePreview {
        let (account, product, now, code) = try await order(accountID: accountID, productID: productID, offerCode: offerCode)
        let quote = try await purchaseQuote(account: account, product: product, code: code, now: now)
        var firstRenewal: CheckoutRenewal?
        if let subscription = quote.subscription {
            var afterPurchase = account
            afterPurchase.creditBalance -= quote.appliedBalance
            if let terms = try await lifecycle.renewalTerms(subscription, account: afterPurchase, start: subscription.periodEnd,
                                                            restartSeries: false) {
                firstRenewal = CheckoutRenewal(date: subscription.periodEnd, amount: terms.total)
            }
        }
        return PurchasePreview(productID: productID, offerCode: code?.code, dueToday: quote.total, firstRenewal: firstRenewal)
    }
}

/// What a purchase of one product would charge now, line by line, computed once and used both by
/// the purchase itself and by anything that announces the price first (the hosted checkout
/// page), so the two cannot disagree.
struct PurchaseQuote {
    var lines: [InvoiceLine]
    var total: Money
    /// Customer balance the charge would consume.
    var appliedBalance: Int64
    /// The subscription the purchase would start (id not yet assigned); nil for a one-time product.
    var subscription: SubscriptionRecord?
    /// The introductory offer the purchase would redeem.
    var intro: IntroOffer?
}
