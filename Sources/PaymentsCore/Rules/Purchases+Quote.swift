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
        let regular = try await invoicing.price(product.price, product.prices, in: currency, product: product.id)
        let intro = try await isEligibleForIntro(accountID: account.id) ? product.intro : nil
        var lines: [InvoiceLine] = []
        let periodType: PeriodType
        let firstPeriod: ISODuration
        if let intro {
            let introPrice = try await invoicing.price(intro.price, intro.prices, in: currency, product: product.id)
            periodType = intro.type == .freeTrial ? .trial : .intro
            firstPeriod = intro.period
            lines.append(InvoiceLine(kind: .introOffer, description: "\(plan.name) — \(intro.type.displayName)",
                                     amount: intro.type == .freeTrial ? .zero(currency) : introPrice,
                                     periodStart: now, periodEnd: try firstPeriod.advance(now)))
        } else {
            periodType = .normal
            firstPeriod = product.period
            lines.append(InvoiceLine(kind: .charge, description: "\(plan.name) (\(product.period.billingWord))",
                                     amount: regular, periodStart: now, periodEnd: try firstPeriod.advance(now)))
        }
        let subtotal = try lines.reduce(Money.zero(currency)) { try $0.adding($1.amount) }
        var afterDiscount = subtotal
        var discountedNow = false
        if let code, subtotal.minorUnits > 0, let off = catalog.discount(code, on: subtotal), !off.isZero {
            lines.append(InvoiceLine(kind: .discount, description: "Offer code \(code.code)", amount: off.negated))
            afterDiscount = try subtotal.subtracting(off)
            discountedNow = true
        }
        var applied: Int64 = 0
        if let (line, used) = invoicing.balanceLine(for: account, subtotal: afterDiscount) {
            lines.append(line)
            applied = used
        }
        let total = try lines.reduce(Money.zero(currency)) { try $0.adding($1.amount) }
        let end = try firstPeriod.advance(now)
        var record = SubscriptionRecord(
            id: "", accountID: account.id, groupID: catalog.group, planID: plan.id, productID: product.id,
            state: .subscribed, periodType: periodType, periodStart: now, periodEnd: end, originalPurchase: now,
            seriesAnchor: now, seriesIndex: 0,
            introPeriodsLeft: intro.map { $0.type == .payAsYouGo ? max($0.periods - 1, 0) : 0 } ?? 0,
            // A code used on a free trial has discounted nothing yet: all its periods remain.
            offerCode: code?.code, offerPeriodsLeft: code.map { discountedNow ? max($0.periods - 1, 0) : $0.periods } ?? 0,
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
